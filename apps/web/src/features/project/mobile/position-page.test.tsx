import { getProjectPosition, positionSchema } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_BACK_NEXT_PATH, paths, setNavigate } from '../../../platform';
import { fakeServer } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import PositionPage from './position-page';

setUpScreenTests();

const POSITIONS = [
  positionSchema.parse({
    PositionId: 11,
    ProjectId: 1,
    Code: 'A001',
    Name: '综合管理岗',
    Department: '办公室',
    Quota: 2,
    Requirements: '本科及以上学历',
    ApplyCount: 7,
  }),
];

describe('home/position: the project’s positions', () => {
  it('shows each position’s requirements and quota; choosing one opens the form', async () => {
    fakeServer().on(getProjectPosition, POSITIONS);
    signIn();
    renderScreen(PositionPage, paths.position({ ProjectId: 1 }));
    const list = await screen.findByRole('list', { name: '岗位列表' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: '综合管理岗' })).toBeTruthy();
    expect(item.textContent).toContain('本科及以上学历');
    expect(item.textContent).toContain('2 人');
    fireEvent.click(within(item).getByRole('button', { name: '报考 综合管理岗' }));
    expect((await screen.findByTestId('location')).textContent).toBe(
      paths.apply({ ProjectId: 1, PositionId: 11 }),
    );
  });

  it('an anonymous visitor signs in first and comes back to the form', async () => {
    fakeServer().on(getProjectPosition, POSITIONS);
    const { router } = renderScreen(PositionPage, paths.position({ ProjectId: 1 }));
    setNavigate((path) => void router.navigate(path));
    fireEvent.click(await screen.findByRole('button', { name: '报考 综合管理岗' }));
    expect(localStorage.getItem(LOGIN_BACK_NEXT_PATH)).toBe(
      paths.apply({ ProjectId: 1, PositionId: 11 }),
    );
    expect((await screen.findByTestId('location')).textContent).toBe(paths.authLogin());
    setNavigate(null);
  });

  it('says so when the project has no positions', async () => {
    fakeServer().on(getProjectPosition, []);
    renderScreen(PositionPage, paths.position({ ProjectId: 1 }));
    expect(await screen.findByText('该项目暂无可报考的岗位')).toBeTruthy();
  });
});
