import {
  follow,
  getApply,
  getProject,
  getProjectNotice,
  getProjectOpenAsk,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOGIN_BACK_NEXT_PATH, paths, setNavigate } from '../../../platform';
import { fakeServer } from '../../testing/fake-server';
import { applySummary, flowView, paged, projectDetail } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import FlowManagePage from './flow-manage-page';

setUpScreenTests();

function serve(detail = projectDetail()) {
  return fakeServer()
    .on(getProject, detail)
    .on(getProjectNotice, paged([]))
    .on(getProjectOpenAsk, paged([]));
}

const PATH = paths.flowManage({ ProjectId: 1 });
const bottomButton = () =>
  screen.getByRole('button', {
    name: /立即报名|修改报名信息|去缴费|打印准考证|参加考试|查看结果|等待审核|报名/,
  });

describe('flowManage: the project page and the candidate’s place in the flow', () => {
  it('shows the introduction as rich text with nothing unsafe in it', async () => {
    serve(
      projectDetail({
        Introduction: '<h3>报名条件</h3><p onclick="x()">年满18周岁<script>alert(1)</script></p>',
      }),
    );
    const { container } = renderScreen(FlowManagePage, PATH);
    expect(await screen.findByRole('heading', { name: '报名条件' })).toBeTruthy();
    expect(screen.getByText('年满18周岁')).toBeTruthy();
    expect(container.innerHTML).not.toMatch(/<script|onclick/);
  });

  it('an anonymous visitor who wants to apply is sent to sign in and will come back here', async () => {
    const server = serve();
    const { router } = renderScreen(FlowManagePage, PATH);
    setNavigate((path) => void router.navigate(path));
    fireEvent.click(await screen.findByRole('button', { name: '立即报名' }));
    expect(localStorage.getItem(LOGIN_BACK_NEXT_PATH)).toBe(PATH);
    expect((await screen.findByTestId('location')).textContent).toBe(paths.authLogin());
    expect(server.calls(getApply)).toHaveLength(0);
    setNavigate(null);
  });

  it.each([
    ['apply', '立即报名', paths.position({ ProjectId: 1 }), null, 0],
    [
      'modify',
      '修改报名信息',
      paths.apply({ ProjectId: 1 }),
      applySummary({ Status: 'Returned', ReviewRemark: '照片不清晰' }),
      0,
    ],
    ['pay', '去缴费', paths.payment({ ApplyId: 5 }), applySummary({ Status: 'Approved' }), 2],
    ['print', '打印准考证', paths.print({ ApplyId: 5 }), applySummary({ Status: 'Paid' }), 3],
  ] as const)(
    'NextAction %s: the one primary button says %s and leads on',
    async (action, label, to, apply, step) => {
      serve().on(getApply, flowView(action, apply, step));
      signIn();
      renderScreen(FlowManagePage, PATH);
      const button = await screen.findByRole('button', { name: label });
      expect(
        screen.getAllByRole('button', {
          name: /立即报名|修改报名信息|去缴费|打印准考证|参加考试|查看结果/,
        }),
      ).toHaveLength(1);
      fireEvent.click(button);
      expect((await screen.findByTestId('location')).textContent).toBe(to);
    },
  );

  it('marks the current step and shows the reviewer’s reason when returned', async () => {
    serve().on(
      getApply,
      flowView('modify', applySummary({ Status: 'Returned', ReviewRemark: '照片不清晰' }), 1),
    );
    signIn();
    renderScreen(FlowManagePage, PATH);
    expect(await screen.findByText('审核意见：照片不清晰')).toBeTruthy();
    const steps = screen
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('flow-steps__item'));
    expect(steps).toHaveLength(6);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    expect(within(steps[0]!).getByText('已完成')).toBeTruthy();
  });

  it('waiting for review leaves nothing to press', async () => {
    serve().on(getApply, flowView('wait-review', applySummary({ Status: 'UnderReview' }), 1));
    signIn();
    renderScreen(FlowManagePage, PATH);
    const button = await screen.findByRole('button', { name: '等待审核' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(bottomButton()).toBe(button);
  });

  it('follows the project (Project/Follow) and then shows it as collected', async () => {
    let followed = false;
    const server = serve()
      .on(getProject, () => projectDetail({ IsFollow: followed }))
      .on(getApply, flowView('apply', null))
      .on(follow, (input) => {
        followed = input.IsFollow;
        return { ProjectId: 1, IsFollow: followed };
      });
    signIn();
    renderScreen(FlowManagePage, PATH);
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    expect(await screen.findByRole('button', { name: '已收藏' })).toBeTruthy();
    expect(server.calls(follow)[0]?.input).toEqual({ ProjectId: 1, IsFollow: true });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '已收藏' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
  });
});
