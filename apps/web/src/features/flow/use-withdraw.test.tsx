import { withdrawApply } from '@portal/contracts';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, refusal } from '../testing/fake-server';
import { applySummary, projectDetail } from '../testing/fixtures';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { paths } from '../../platform';
import { useWithdraw, withdrawConfirmText } from './use-withdraw';

setUpScreenTests();

const submitted = applySummary({ Status: 'Submitted', CanWithdraw: true });

describe('useWithdraw: withdrawing one application, whatever view shows it', () => {
  it('offers 撤回报名 only where the server allows it, and the refund first once paid', () => {
    signIn();
    fakeServer();
    expect(renderFeatureHook(() => useWithdraw(submitted)).result.current.canWithdraw).toBe(true);
    const paid = renderFeatureHook(() =>
      useWithdraw(applySummary({ Status: 'Paid', OrderId: 7, CanWithdraw: false })),
    ).result.current;
    expect(paid.canWithdraw).toBe(false);
    expect(paid.refundFirst?.text).toContain('请先在“我的订单”中查看能否申请退款');
    expect(paid.refundFirst?.to).toBe(paths.myOrder());
    const rejected = renderFeatureHook(() =>
      useWithdraw(applySummary({ Status: 'Rejected', CanWithdraw: false })),
    ).result.current;
    expect(rejected.canWithdraw).toBe(false);
    expect(rejected.refundFirst).toBeNull();
  });

  it('asks first and sends once however often confirmed', async () => {
    signIn();
    const server = fakeServer().on(withdrawApply, {
      ...submitted,
      Status: 'Withdrawn',
      CanWithdraw: false,
    });
    const { result } = renderFeatureHook(() => useWithdraw(submitted));
    act(() => result.current.ask());
    expect(result.current.confirming).toBe(true);
    await act(async () => {
      void result.current.confirm();
      void result.current.confirm();
    });
    expect(server.calls(withdrawApply)).toHaveLength(1);
    expect(result.current.confirming).toBe(false);
  });

  it('a refusal closes the question', async () => {
    signIn();
    fakeServer().on(withdrawApply, refusal(409, '报名状态已变化，请刷新后重试'));
    const { result } = renderFeatureHook(() => useWithdraw(submitted));
    act(() => result.current.ask());
    await act(() => result.current.confirm());
    expect(result.current.confirming).toBe(false);
  });

  it('says whether applying again is possible, and until when (Beijing time)', () => {
    const open = projectDetail({ State: 'Applying', ApplyEndTime: '2027-01-24T14:42:00Z' });
    expect(withdrawConfirmText(submitted, open)).toBe(
      `确定撤回“${submitted.ProjectTitle}”的报名吗？撤回后报名将不再进入审核，报名截止前（2027-01-24 22:42 前）可重新报名，已填写的报名信息会保留，重新提交后需再次审核。`,
    );
    const closed = projectDetail({ State: 'Closed' });
    expect(
      withdrawConfirmText(applySummary({ Status: 'Approved', CanWithdraw: true }), closed),
    ).toContain('审核通过的结果将作废，报名时间已过，撤回后不能再报名。');
  });
});
