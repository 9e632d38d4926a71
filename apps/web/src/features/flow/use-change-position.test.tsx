import {
  changePosition,
  getApply,
  getProject,
  getProjectNotice,
  getProjectOpenAsk,
  getProjectPosition,
  type Position,
} from '@portal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { fakeServer, refusal } from '../testing/fake-server';
import { applySummary, flowView, paged, projectDetail } from '../testing/fixtures';
import {
  renderFeatureHook,
  renderScreen,
  setUpScreenTests,
  signIn,
} from '../testing/render-screen';
import FlowManagePage from './mobile/flow-manage-page';
import { changePositionConfirmText, useChangePosition } from './use-change-position';

setUpScreenTests();

const submitted = applySummary({
  Status: 'Submitted',
  PositionId: 11,
  PositionName: '考试科目一',
  CanWithdraw: true,
  CanChangePosition: true,
});
const position = (PositionId: number, Name: string): Position => ({
  PositionId,
  ProjectId: 1,
  Code: String(50000 + PositionId),
  Name,
  Department: '考务中心',
  Quota: 0,
  Requirements: '',
  ApplyCount: 1,
});
const POSITIONS = [position(11, '考试科目一'), position(12, '考试科目二')];

describe('useChangePosition: 改报, whatever view shows it', () => {
  it('offers the change only where the server allows it, and never to the current position', () => {
    signIn();
    fakeServer();
    const allowed = renderFeatureHook(() => useChangePosition(submitted, () => {}));
    expect(allowed.result.current.canChange).toBe(true);
    act(() => allowed.result.current.choose(POSITIONS[0]!));
    expect(allowed.result.current.target).toBeNull();
    act(() => allowed.result.current.choose(POSITIONS[1]!));
    expect(allowed.result.current.target).toEqual({ id: 12, name: '考试科目二' });
    const paid = renderFeatureHook(() =>
      useChangePosition(applySummary({ Status: 'Paid', CanChangePosition: false }), () => {}),
    );
    expect(paid.result.current.canChange).toBe(false);
  });

  it('sends once however often confirmed, and hands the changed application on', async () => {
    signIn();
    const changed = { ...submitted, PositionId: 12, PositionName: '考试科目二' };
    const server = fakeServer().on(changePosition, changed);
    const seen: unknown[] = [];
    const { result } = renderFeatureHook(() =>
      useChangePosition(submitted, (answer) => seen.push(answer)),
    );
    act(() => result.current.choose(POSITIONS[1]!));
    await act(async () => {
      void result.current.confirm();
      void result.current.confirm();
    });
    expect(server.calls(changePosition)).toHaveLength(1);
    expect(server.calls(changePosition)[0]?.input).toEqual({ ApplyId: 5, PositionId: 12 });
    expect(seen).toEqual([changed]);
    expect(result.current.target).toBeNull();
  });

  it('a refusal closes the question and changes nothing here', async () => {
    signIn();
    fakeServer().on(changePosition, refusal(409, '报名时间已结束，不能再更换报考岗位'));
    const seen: unknown[] = [];
    const { result } = renderFeatureHook(() =>
      useChangePosition(submitted, (answer) => seen.push(answer)),
    );
    act(() => result.current.choose(POSITIONS[1]!));
    await act(() => result.current.confirm());
    expect(result.current.target).toBeNull();
    expect(seen).toEqual([]);
  });

  it('says what changing means: back to review, the form kept, an approval lost, until when', () => {
    const project = projectDetail({ ApplyEndTime: '2027-01-24T14:42:00Z' });
    expect(changePositionConfirmText(submitted, project, '考试科目二')).toBe(
      `确定将“${submitted.ProjectTitle}”的报考岗位由“考试科目一”更换为“考试科目二”吗？更换后报名将重新进入审核（待审核），已填写的报名信息保持不变。报名截止（2027-01-24 22:42）后不能再更换岗位。`,
    );
    expect(
      changePositionConfirmText({ ...submitted, Status: 'Approved' }, project, '考试科目二'),
    ).toContain('原“审核通过”结果将作废，需重新审核通过后再缴费；');
  });
});

describe('the phone’s 改报 from the project page', () => {
  function serve(apply = submitted) {
    return fakeServer()
      .on(getProject, projectDetail())
      .on(getProjectNotice, paged([]))
      .on(getProjectOpenAsk, paged([]))
      .on(getProjectPosition, POSITIONS)
      .on(getApply, flowView('wait-review', apply, 1));
  }

  it('shows the position and 更换报考岗位 only when the server allows it', async () => {
    serve(applySummary({ Status: 'Paid', PositionName: '考试科目一', CanChangePosition: false }));
    signIn();
    renderScreen(FlowManagePage, paths.flowManage({ ProjectId: 1 }));
    expect(await screen.findByText('报考岗位：考试科目一')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '更换报考岗位' })).toBeNull();
  });

  it('lists the positions, confirms, changes once and returns to the project page', async () => {
    const server = serve().on(changePosition, {
      ...submitted,
      PositionId: 12,
      PositionName: '考试科目二',
    });
    signIn();
    const { router } = renderScreen(FlowManagePage, paths.flowManage({ ProjectId: 1 }));
    const here = () => `${router.state.location.pathname}${router.state.location.search}`;
    fireEvent.click(await screen.findByRole('button', { name: '更换报考岗位' }));
    await waitFor(() => expect(here()).toBe(paths.flowManage({ ProjectId: 1, Change: 1 })));
    const list = await screen.findByRole('list', { name: '可改报的岗位' });
    // The current position is marked and cannot be picked again.
    expect(within(list).getByText('当前报考')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: '改报 考试科目一' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: '改报 考试科目二' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/更换后报名将重新进入审核（待审核）/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: '确认更换' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(here()).toBe(paths.flowManage({ ProjectId: 1 })));
    expect(await screen.findByRole('button', { name: '更换报考岗位' })).toBeTruthy();
    expect(server.calls(changePosition)).toHaveLength(1);
    expect(server.calls(changePosition)[0]?.input).toEqual({ ApplyId: 5, PositionId: 12 });
  });
});
