import type { ApplySummary, ProjectDetail } from '@portal/contracts';
import { useRef, useState } from 'react';
import { formatDate } from '../../shared/date';
import { useChangePositionMutation } from './api/change-position';

export const CHANGE_POSITION_TEXT = {
  action: '更换报考岗位',
  title: '更换报考岗位',
  confirm: '确认更换',
  cancel: '再想想',
  current: '当前报考',
  choose: '请选择要改报的岗位',
  done: '报考岗位已更换，报名已重新进入审核（待审核）',
} as const;

/**
 * What the confirmation says: from which position to which, that the application goes back to
 * review with its form, that an approval is lost, and until when changing is possible.
 */
export function changePositionConfirmText(
  apply: ApplySummary,
  project: ProjectDetail,
  toName: string,
): string {
  const approval =
    apply.Status === 'Approved' ? '原“审核通过”结果将作废，需重新审核通过后再缴费；' : '';
  return (
    `确定将“${apply.ProjectTitle}”的报考岗位由“${apply.PositionName}”更换为“${toName}”吗？` +
    `更换后报名将重新进入审核（待审核），${approval}已填写的报名信息保持不变。` +
    `报名截止（${formatDate(project.ApplyEndTime, 'YYYY-MM-DD HH:mm')}）后不能再更换岗位。`
  );
}

/**
 * 改报 without its looks, for the phone's position list and the desktop's project page: offered
 * where the server says so (CanChangePosition); a position is chosen, then confirmed; one request
 * however often it is tapped. `onChanged` runs with the answer once the server has changed it.
 */
export function useChangePosition(
  apply: ApplySummary | null | undefined,
  onChanged: (changed: ApplySummary) => void,
) {
  const mutation = useChangePositionMutation();
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  // Set at the first tap, before React re-renders the button as disabled.
  const inFlight = useRef(false);

  const confirm = async () => {
    if (!apply || !target || inFlight.current) return;
    inFlight.current = true;
    try {
      const changed = await mutation.mutateAsync({
        ApplyId: apply.ApplyId,
        PositionId: target.id,
      });
      setTarget(null);
      onChanged(changed);
    } catch {
      // The HTTP layer has shown why (§8); the flow is read again either way.
      setTarget(null);
    } finally {
      inFlight.current = false;
    }
  };

  return {
    /** Show 更换报考岗位: the server's word, and nothing under way here. */
    canChange: Boolean(apply?.CanChangePosition) && !mutation.isPending,
    /** The position being confirmed, when one is chosen. */
    target,
    submitting: mutation.isPending,
    /** Choose a position to confirm (the current one is not a change). */
    choose: (position: { PositionId: number; Name: string }) => {
      if (position.PositionId !== apply?.PositionId)
        setTarget({ id: position.PositionId, name: position.Name });
    },
    dismiss: () => {
      if (!mutation.isPending) setTarget(null);
    },
    confirm,
  };
}
export type ChangePosition = ReturnType<typeof useChangePosition>;
