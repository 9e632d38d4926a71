import type { ApplySummary, ProjectDetail } from '@portal/contracts';
import { useRef, useState } from 'react';
import { paths } from '../../platform';
import { formatDate } from '../../shared/date';
import { useWithdrawApplyMutation } from './api/withdraw-apply';

export const WITHDRAW_CONFIRM = {
  title: '撤回报名',
  confirm: '确认撤回',
  cancel: '再想想',
} as const;

/** What the confirmation says: what is lost, what is kept, and whether applying again is possible. */
export function withdrawConfirmText(apply: ApplySummary, project: ProjectDetail): string {
  const again =
    project.State === 'Applying'
      ? `报名截止前（${formatDate(project.ApplyEndTime, 'YYYY-MM-DD HH:mm')} 前）可重新报名，已填写的报名信息会保留，重新提交后需再次审核。`
      : '报名时间已过，撤回后不能再报名。';
  const stage = apply.Status === 'Approved' ? '审核通过的结果将作废，' : '报名将不再进入审核，';
  return `确定撤回“${apply.ProjectTitle}”的报名吗？撤回后${stage}${again}`;
}

/**
 * The candidate's withdrawal without its looks, for the phone's and the desktop's project page:
 * offered where the server says so (CanWithdraw); once paid the way is the refund, said with where
 * to go; a confirmation first; one request however often it is tapped.
 */
export function useWithdraw(apply: ApplySummary | null | undefined) {
  const mutation = useWithdrawApplyMutation();
  const [confirming, setConfirming] = useState(false);
  // Set at the first tap, before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const confirm = async () => {
    if (!apply || inFlight.current) return;
    inFlight.current = true;
    try {
      await mutation.mutateAsync(apply.ApplyId);
    } catch {
      // The HTTP layer has shown why (§8); the flow is read again either way.
    } finally {
      setConfirming(false);
      inFlight.current = false;
    }
  };

  return {
    /** Show 撤回报名: the server's word, and nothing under way here. */
    canWithdraw: Boolean(apply?.CanWithdraw) && !mutation.isPending,
    /** A paid fee is asked back first (the order list's 申请退款); then withdrawing is offered. */
    refundFirst:
      apply?.Status === 'Paid' && apply.OrderId !== null
        ? {
            text: '已缴费的报名如需撤回，请先在“我的订单”中查看能否申请退款（以本项目的退款规定为准）；退款受理后即可在此撤回报名。',
            to: paths.myOrder(),
          }
        : null,
    confirming,
    submitting: mutation.isPending,
    ask: () => setConfirming(true),
    dismiss: () => {
      if (!mutation.isPending) setConfirming(false);
    },
    confirm,
  };
}
export type Withdraw = ReturnType<typeof useWithdraw>;
