import type { ApplySummary } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { positions } from '../../db/schema/index.js';
import { badRequest, conflict } from '../errors.js';
import { createUserMessage } from '../notices/messages.js';
import type { PaymentGateways } from '../ports.js';
import { requireProject } from '../projects/projects.js';
import {
  moveApplication,
  requireOwnApplication,
  requireProjectPosition,
  toApplySummary,
} from './applications.js';
import {
  CHANGE_RACED,
  CHANGE_SAME_POSITION,
  PAID_CHANGE_REFUSED,
  positionChangeRefusal,
} from './position-change-rule.js';
import { closeBegunPayment, lockUnpaid } from './unpaid-move.js';

function refuseChange(...args: Parameters<typeof positionChangeRefusal>): void {
  const refusal = positionChangeRefusal(...args);
  if (refusal) throw conflict(refusal);
}

/**
 * ProjectApply/ChangePosition (改报). The application keeps its form and goes back to review
 * (Submitted; the review's remark and time cleared), with a history line naming both positions
 * and a message to the candidate. An approved one loses its approval: a payment begun at a
 * provider is closed first (paid meanwhile: refused), and in the transaction the orders and the
 * application are locked as withdrawing locks them (lockUnpaid). The change applies only to the
 * application as the candidate saw it: a second change, a review or a payment that came first
 * makes this one a conflict, so two changes at once never both apply.
 */
export async function changeApplicationPosition(
  db: Database,
  gateways: PaymentGateways,
  user: { userId: number; tenantId: number },
  input: { ApplyId: number; PositionId: number },
  now: Date,
): Promise<ApplySummary> {
  const own = await requireOwnApplication(db, user.userId, input.ApplyId);
  const project = await requireProject(db, own.projectId, user.tenantId);
  const projectPositions = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(eq(positions.projectId, project.id));
  refuseChange(own.status, project, projectPositions.length, now);
  const target = await requireProjectPosition(db, project.id, input.PositionId);
  if (target.id === own.positionId)
    throw badRequest(CHANGE_SAME_POSITION, { PositionId: CHANGE_SAME_POSITION });
  const from = projectPositions.find((p) => p.id === own.positionId)?.name ?? '';
  if (own.status === 'Approved')
    await closeBegunPayment(db, gateways, own.id, now, PAID_CHANGE_REFUSED);
  const row = await db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const application = await lockUnpaid(tx, own.id, now, {
      check: (locked) => {
        refuseChange(locked.status, project, projectPositions.length, now);
        if (locked.status !== own.status || locked.positionId !== own.positionId)
          throw conflict(CHANGE_RACED);
      },
      paid: PAID_CHANGE_REFUSED,
      paying: '缴费正在进行中，请完成或放弃支付后再更换报考岗位',
    });
    const changed = await moveApplication(tx, application, 'Submitted', {
      actor: 'candidate',
      now,
      remark: `考生改报岗位：${from} → ${target.name}`,
      set: { positionId: target.id, submittedAt: now, reviewRemark: null, reviewedAt: null },
    });
    await createUserMessage(tx, {
      userId: user.userId,
      title: '报考岗位已更换',
      content: `<p>您在“${project.title}”的报考岗位已由“${from}”更换为“${target.name}”，报名已重新进入审核，请留意审核结果。</p>`,
      projectId: project.id,
      createdAt: now,
    });
    return changed;
  });
  return toApplySummary(db, row, now);
}
