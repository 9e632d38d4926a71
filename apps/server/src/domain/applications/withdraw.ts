import { APPLY_STATUS_TEXT, type ApplyStatus, type ApplySummary } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projects } from '../../db/schema/index.js';
import { conflict } from '../errors.js';
import { createUserMessage } from '../notices/messages.js';
import type { PaymentGateways } from '../ports.js';
import {
  moveApplication,
  requireOwnApplication,
  toApplySummary,
  WITHDRAWABLE_STATUSES,
} from './applications.js';
import { closeBegunPayment, lockUnpaid } from './unpaid-move.js';

export const PAID_WITHDRAW_REFUND_FIRST =
  '报名费已缴纳，请先在“我的订单”中申请退款，退款受理后即可撤回报名';
/** A fee the project does not give back: withdrawing would only lose the place, so it is refused. */
export const PAID_WITHDRAW_NOT_REFUNDABLE =
  '本项目报名费缴纳后不予退还，已缴费的报名不能撤回；如有特殊情况，请拨打项目页的咨询电话联系主办方';

/** Why this status cannot be withdrawn, in words that say what to do instead. */
function refuseWithdraw(status: ApplyStatus, refundable: boolean): void {
  if (WITHDRAWABLE_STATUSES.includes(status)) return;
  if (status === 'Paid')
    throw conflict(refundable ? PAID_WITHDRAW_REFUND_FIRST : PAID_WITHDRAW_NOT_REFUNDABLE);
  if (status === 'Withdrawn') throw conflict('该报名已撤回，请勿重复操作');
  throw conflict(`报名当前状态为“${APPLY_STATUS_TEXT[status]}”，不能撤回`);
}

/**
 * ProjectApply/WithdrawApply. A payment begun at a provider is closed there first (paid meanwhile:
 * settled, and the refund path is the way out). Then, in one transaction, the application and its
 * orders are locked (lockUnpaid), so a payment settling, a review deciding or a second tap either
 * comes before (and is seen) or waits and finds the application withdrawn.
 */
export async function withdrawApplication(
  db: Database,
  gateways: PaymentGateways,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ApplySummary> {
  const own = await requireOwnApplication(db, userId, applyId);
  const [project] = await db
    .select({ refundable: projects.refundable })
    .from(projects)
    .where(eq(projects.id, own.projectId));
  refuseWithdraw(own.status, project?.refundable ?? false);
  await closeBegunPayment(db, gateways, own.id, now, PAID_WITHDRAW_REFUND_FIRST);
  const row = await db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const application = await lockUnpaid(tx, own.id, now, {
      check: (locked) => refuseWithdraw(locked.status, project?.refundable ?? false),
      paid: PAID_WITHDRAW_REFUND_FIRST,
      paying: '缴费正在进行中，请完成或放弃支付后再撤回报名',
    });
    const withdrawn = await moveApplication(tx, application, 'Withdrawn', {
      actor: 'candidate',
      now,
      remark: '考生撤回报名',
    });
    await createUserMessage(tx, {
      userId,
      title: '报名已撤回',
      content: '<p>您已撤回报名。报名时间内可在项目页重新报名，已填写的报名信息会保留。</p>',
      projectId: application.projectId,
      createdAt: now,
    });
    return withdrawn;
  });
  return toApplySummary(db, row, now);
}
