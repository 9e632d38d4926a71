import { APPLY_STATUS_TEXT, type ApplyStatus } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { applications, projects, type ApplicationRow } from '../../db/schema/index.js';
import { moveApplication, ticketOpened } from './applications.js';
import { badRequest, notFound } from '../errors.js';
import { createUserMessage } from '../notices/messages.js';
import { enqueueNotification, reviewDecisionNotice } from '../notices/outbox.js';
import { payDeadline } from '../projects/project-state.js';
import { beijingMinute } from '../../platform/beijing-time.js';

export type ReviewDecision = 'approve' | 'return' | 'reject';
const TARGET: Record<ReviewDecision, ApplyStatus> = {
  approve: 'Approved',
  return: 'Returned',
  reject: 'Rejected',
};

/**
 * The back office's review (used by tests and seeds; the portal itself never reviews).
 * Returning or rejecting needs a reason the candidate can act on.
 */
export async function reviewApplication(
  db: Database,
  applyId: number,
  decision: ReviewDecision,
  remark: string | null = null,
  now: Date = new Date(),
): Promise<ApplicationRow> {
  if (decision !== 'approve' && !remark?.trim()) throw badRequest('退回或不通过时请填写审核意见');
  return db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const [row] = await tx.select().from(applications).where(eq(applications.id, applyId));
    if (!row) throw notFound('报名记录不存在');
    const to = TARGET[decision];
    const updated = await moveApplication(tx, row, to, {
      actor: 'reviewer',
      now,
      remark,
      set: { reviewRemark: remark?.trim() || null, reviewedAt: now },
    });
    const [project] = await tx
      .select({
        title: projects.title,
        feeInFen: projects.feeInFen,
        examStartAt: projects.examStartAt,
        examEndAt: projects.examEndAt,
        ticketOpensAt: projects.ticketOpensAt,
      })
      .from(projects)
      .where(eq(projects.id, row.projectId));
    const deadline = project ? payDeadline(project.examStartAt, project.examEndAt) : null;
    const ticketOpensLater = project && !ticketOpened(project, now) ? project.ticketOpensAt : null;
    const next =
      decision === 'approve'
        ? project && project.feeInFen > 0
          ? // The web's payment route (paths.payment): the message offers the act, not the project.
            `${deadline ? `请在${beijingMinute(deadline)}前完成缴费` : '请尽快完成缴费'}：<a href="/views/payment?ApplyId=${row.id}">去缴费</a>`
          : ticketOpensLater
            ? `准考证将于${beijingMinute(ticketOpensLater)}起开放打印，届时另行通知。`
            : '现在可以打印准考证。'
        : decision === 'return'
          ? '请按审核意见修改后重新提交。'
          : '';
    await createUserMessage(tx, {
      userId: row.userId,
      title: `报名审核结果：${APPLY_STATUS_TEXT[to]}`,
      content: `<p>您报名的“${project?.title ?? ''}”审核结果为：${APPLY_STATUS_TEXT[to]}。${remark ? `审核意见：${remark}。` : ''}${next}</p>`,
      projectId: row.projectId,
      createdAt: now,
    });
    // And by SMS (the notification job sends it): a decision is always told.
    await enqueueNotification(tx, {
      userId: row.userId,
      applicationId: row.id,
      kind: 'review_decided',
      occasion: `${decision}@${now.toISOString()}`,
      ...reviewDecisionNotice({
        projectTitle: project?.title ?? '',
        decision,
        remark: remark?.trim() || null,
        feeInFen: project?.feeInFen ?? 0,
        deadline,
        ticketOpensLater,
      }),
    });
    return updated;
  });
}

/** The reviewer opens the application: Submitted → UnderReview. */
export async function startReview(db: Database, applyId: number, now: Date = new Date()) {
  const [row] = await db.select().from(applications).where(eq(applications.id, applyId));
  if (!row) throw notFound('报名记录不存在');
  return moveApplication(db, row, 'UnderReview', { actor: 'reviewer', now });
}
