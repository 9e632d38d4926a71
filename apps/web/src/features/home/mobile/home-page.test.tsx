import {
  getHomeLable,
  getHomeLableLayout,
  getUserRunProjectDisplay,
  homeLableLayoutSchema,
} from '@portal/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { applySummary, projectSummary } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import HomePage from './home-page';
import { paths, setElderMode } from '../../../platform';

setUpScreenTests();

const LAYOUT = homeLableLayoutSchema.parse({
  Banners: [{ Title: '考试报名季', ImageUrl: '/banner.svg', ProjectId: 3 }],
  Sections: [
    { SectionId: 1, Title: '热门报名', LableId: 5, Style: 'card', Projects: [projectSummary()] },
    { SectionId: 2, Title: '空的栏目', LableId: 6, Style: 'list', Projects: [] },
  ],
});
const LABLES = [{ LableId: 2, Name: '公务员', Icon: 'bank', Color: '#c9302c' }];

function serve() {
  return fakeServer()
    .on(getHomeLableLayout, LAYOUT)
    .on(getHomeLable, LABLES)
    .on(getUserRunProjectDisplay, { Display: true, Items: [applySummary()] });
}

describe('home', () => {
  it('shows banners, label entries to the filtered list, and sections with a link to more', async () => {
    serve();
    renderScreen(HomePage, paths.home());
    const banner = await screen.findByRole('img', { name: '考试报名季' });
    expect(banner.closest('a')!.getAttribute('href')).toBe(paths.flowManage({ ProjectId: 3 }));
    const lables = screen.getByRole('navigation', { name: '项目分类' });
    expect(within(lables).getByRole('link', { name: '公务员' }).getAttribute('href')).toBe(
      paths.projectList({ LableId: 2 }),
    );
    const section = screen.getByRole('region', { name: '热门报名' });
    expect(within(section).getByRole('link', { name: /更多/ }).getAttribute('href')).toBe(
      paths.projectList({ LableId: 5 }),
    );
    expect(screen.queryByText('空的栏目')).toBeNull();
  });

  it('searching opens the project list with the keyword', async () => {
    serve();
    renderScreen(HomePage, paths.home());
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: ' 教师 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('location')).textContent).toBe(
      paths.projectList({ Keyword: '教师' }),
    );
  });

  it('the in-progress strip shows only when signed in and Display is true', async () => {
    const server = serve();
    renderScreen(HomePage, paths.home());
    await screen.findByRole('img', { name: '考试报名季' });
    expect(screen.queryByRole('heading', { name: '进行中' })).toBeNull();
    expect(server.calls(getUserRunProjectDisplay)).toHaveLength(0);
  });

  it('signed in, the strip lists applications under way, each back to its project', async () => {
    signIn();
    serve();
    renderScreen(HomePage, paths.home());
    const strip = (await screen.findByRole('heading', { name: '进行中' })).closest('section')!;
    const link = within(strip).getByRole('link', { name: /2026年全国计算机应用能力测评/ });
    expect(link.getAttribute('href')).toBe(paths.flowManage({ ProjectId: 1 }));
  });

  describe('长辈模式', () => {
    afterEach(() => act(() => setElderMode(false)));

    it('its switch is on home; turned on, the banners and shortcuts give way, the projects stay', async () => {
      serve();
      renderScreen(HomePage, paths.home());
      await screen.findByRole('img', { name: '考试报名季' });
      expect(screen.getByRole('navigation', { name: '常用入口' })).toBeTruthy();

      fireEvent.click(screen.getByRole('switch', { name: '长辈模式' }));
      expect(screen.getByRole('switch', { name: '长辈模式' }).getAttribute('aria-checked')).toBe(
        'true',
      );
      expect(screen.queryByRole('img', { name: '考试报名季' })).toBeNull();
      expect(screen.queryByRole('navigation', { name: '常用入口' })).toBeNull();
      expect(screen.getByRole('navigation', { name: '项目分类' })).toBeTruthy();
      expect(screen.getByRole('region', { name: '热门报名' })).toBeTruthy();
    });
  });
});
