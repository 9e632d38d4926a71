import { APPLY_STATUS_TEXT, type ApplyStatus } from '@portal/contracts';
import type { ProjectRow } from '../../db/schema/index.js';
import { deriveProjectState } from '../projects/project-state.js';

/** 改报 while the review has not decided, or approved and not yet paid (Paid: the fee is spent on this position). */
export const POSITION_CHANGE_STATUSES: readonly ApplyStatus[] = [
  'Submitted',
  'UnderReview',
  'Returned',
  'Approved',
];

export const PAID_CHANGE_REFUSED =
  '报名费已缴纳，不能再更换报考岗位；如有特殊情况，请拨打项目页的咨询电话联系主办方';
export const CHANGE_WINDOW_OVER = '报名时间已结束，不能再更换报考岗位';
export const CHANGE_NOT_ALLOWED =
  '本项目不支持更换报考岗位；如有疑问，请拨打项目页的咨询电话联系主办方';
export const CHANGE_SAME_POSITION = '您当前报考的就是该岗位，请选择其他岗位';
export const CHANGE_NO_OTHER_POSITION = '本项目只有一个岗位，没有可更换的岗位';
export const CHANGE_RACED = '报名刚刚发生了变化（岗位或状态已更新），请刷新页面后再确认是否更换';

type ChangeFacts = Pick<
  ProjectRow,
  'positionChangeAllowed' | 'applyStartAt' | 'applyEndAt' | 'examEndAt' | 'closedAt' | 'finishedAt'
>;

/**
 * Why 改报 is refused now, in words that say what to do, or null when it is allowed: the project
 * allows it, its apply window is open (not ended, not closed early), the status is one of
 * POSITION_CHANGE_STATUSES and the project has another position. The answer's CanChangePosition
 * is this being null.
 */
export function positionChangeRefusal(
  status: ApplyStatus,
  project: ChangeFacts,
  positionCount: number,
  now: Date,
): string | null {
  if (!POSITION_CHANGE_STATUSES.includes(status)) {
    if (status === 'Paid') return PAID_CHANGE_REFUSED;
    if (status === 'Withdrawn') return '报名已撤回，请在报名时间内重新报名并选择岗位';
    return `报名当前状态为“${APPLY_STATUS_TEXT[status]}”，不能更换报考岗位`;
  }
  if (!project.positionChangeAllowed) return CHANGE_NOT_ALLOWED;
  if (deriveProjectState(project, now) !== 'Applying') return CHANGE_WINDOW_OVER;
  if (positionCount < 2) return CHANGE_NO_OTHER_POSITION;
  return null;
}
