import {
  getHomeLable,
  getProjectList,
  pagedSchema,
  projectSummarySchema,
  type ProjectSummary,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { formatDate } from '../../../shared/date';
import { fakeServer, refusal } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests } from '../../testing/render-screen';
import { projectSummary as projectFixture } from '../../testing/fixtures';
import ProjectListPage from './project-list-page';
import { paths } from '../../../platform';

setUpScreenTests();

function page(items: ProjectSummary[], PageIndex = 1, Total = items.length, PageSize = 10) {
  return pagedSchema(projectSummarySchema).parse({ Items: items, Total, PageIndex, PageSize });
}

const LABLES = [{ LableId: 2, Name: '公务员', Icon: 'bank', Color: '#c9302c' }];

describe('home/project: the project list', () => {
  it('shows each card with title, organiser, application window, fee in 元 and state', async () => {
    fakeServer()
      .on(getHomeLable, LABLES)
      .on(
        getProjectList,
        page([
          projectFixture(),
          projectFixture({ ProjectId: 2, Title: '免费竞赛', FeeInFen: 0, State: 'NotStarted' }),
        ]),
      );
    renderScreen(ProjectListPage, paths.projectList());
    const list = await screen.findByRole('list', { name: '项目列表' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(
      within(first).getByRole('heading', { name: '2026年全国计算机应用能力测评' }),
    ).toBeTruthy();
    expect(first.textContent).toContain('教育考试中心');
    const minute = 'YYYY-MM-DD HH:mm';
    expect(first.textContent).toContain(
      `${formatDate('2026-03-01T09:00:00+08:00', minute)} 至 ${formatDate('2026-03-20T17:30:00+08:00', minute)}`,
    );
    expect(first.textContent).toContain('80.00元');
    expect(first.textContent).toContain('报名中');
    expect(first.getAttribute('href')).toBe(paths.flowManage({ ProjectId: 1 }));
    expect(cards[1]!.textContent).toContain('免费');
    expect(cards[1]!.textContent).toContain('未开始');
  });

  it('searches by keyword once typing pauses, and filters by label and state', async () => {
    const server = fakeServer()
      .on(getHomeLable, LABLES)
      .on(getProjectList, (input) => page(input.Keyword === '教师' ? [] : [projectFixture()]));
    renderScreen(ProjectListPage, paths.projectList());
    await screen.findByRole('list', { name: '项目列表' });

    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '教' } });
    fireEvent.change(box, { target: { value: '教师' } });
    expect(await screen.findByText('没有找到与“教师”相关的项目')).toBeTruthy();
    // One request for the settled keyword, none for the half-typed one.
    expect(server.calls(getProjectList).map((c) => c.input.Keyword)).toEqual([undefined, '教师']);

    // The chips are links to the address with the filter: they work before the app is live.
    const lable = await screen.findByRole('link', { name: '公务员' });
    expect(lable.getAttribute('href')).toBe(paths.projectList({ LableId: 2 }));
    fireEvent.click(lable);
    fireEvent.click(screen.getByRole('link', { name: '已截止' }));
    await waitFor(() =>
      expect(server.calls(getProjectList).at(-1)?.input).toMatchObject({
        Keyword: '教师',
        LableId: '2',
        State: 'Closed',
      }),
    );
    const state = within(screen.getByRole('group', { name: '报名状态' }));
    expect(state.getByRole('link', { name: '已截止' }).getAttribute('aria-current')).toBe('true');
    expect(state.getByRole('link', { name: '全部' }).getAttribute('aria-current')).toBeNull();
    expect(state.getByRole('link', { name: '全部' }).getAttribute('href')).toBe(
      paths.projectList({ LableId: 2 }),
    );
  });

  it('a search narrowed by a label says so when it finds nothing, and offers every project (issue 30, point 9)', async () => {
    const server = fakeServer()
      .on(getHomeLable, LABLES)
      .on(getProjectList, (input) => page(input.LableId ? [] : [projectFixture()]));
    renderScreen(ProjectListPage, paths.projectList({ LableId: 2, Keyword: '杭州' }));
    expect(await screen.findByText('在当前分类和状态下，没有找到与“杭州”相关的项目')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '在全部项目中搜索“杭州”' }));
    expect(await screen.findByRole('list', { name: '项目列表' })).toBeTruthy();
    expect(server.calls(getProjectList).at(-1)?.input).toMatchObject({ Keyword: '杭州' });
    expect(server.calls(getProjectList).at(-1)?.input.LableId).toBeUndefined();
  });

  it('loads the next page when the end of the list comes into view', async () => {
    // happy-dom lays nothing out; the list's end counts as on screen once it has a parent.
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get: () => document.body,
    });
    onTestFinished(() => {
      Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');
    });
    const server = fakeServer()
      .on(getHomeLable, [])
      .on(getProjectList, (input) =>
        input.PageIndex === 1
          ? page([projectFixture()], 1, 2, 1)
          : page([projectFixture({ ProjectId: 2, Title: '第二页的项目' })], 2, 2, 1),
      );
    renderScreen(ProjectListPage, paths.projectList());
    expect(await screen.findByText('第二页的项目')).toBeTruthy();
    expect(server.calls(getProjectList).map((c) => c.input.PageIndex)).toEqual(['1', '2']);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('a failed load offers a retry that loads again', async () => {
    let fail = true;
    fakeServer()
      .on(getHomeLable, [])
      .on(getProjectList, () => (fail ? refusal(500, '') : page([projectFixture()])));
    renderScreen(ProjectListPage, paths.projectList());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('list', { name: '项目列表' })).toBeTruthy();
  });

  it('shows a skeleton while loading and an empty state when nothing matches', async () => {
    fakeServer().on(getHomeLable, []).on(getProjectList, page([]));
    renderScreen(ProjectListPage, paths.projectList());
    expect(screen.getByRole('status', { name: '正在加载' })).toBeTruthy();
    expect(await screen.findByText('暂无符合条件的项目')).toBeTruthy();
  });
});
