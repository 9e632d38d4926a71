import { APP_TITLE } from '@portal/contracts';
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  notificationOutbox,
  projects,
  users,
  type NotificationKind,
} from '../../db/schema/index.js';
import { beijingMinute } from '../../platform/beijing-time.js';
import type { SmsGateway } from '../ports.js';
import { payDeadline } from '../projects/project-state.js';
import { createUserMessage } from './messages.js';

/**
 * Told outside the site (issue 30, point 16; docs/decisions.md, "Reminders"): the text messages,
 * when they are due, and their delivery. A row of `notification_outbox` is one SMS, written with
 * its event (a review decision, in the decision's transaction) or by the sweep (a reminder, with
 * its message-centre message in the same transaction); the notification job delivers them.
 */

const HOUR_MS = 3_600_000;
/** A fee left unpaid is reminded of once, this long before it lapses. */
export const FEE_REMINDER_BEFORE_MS = 24 * HOUR_MS;
/** The exam: the day before (from 24 h before its start) and the hour before. */
export const EXAM_DAY_BEFORE_MS = 24 * HOUR_MS;
export const EXAM_HOUR_BEFORE_MS = HOUR_MS;
/** A delivery that fails is tried again later, this many times in all, then left failed. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Rows one run of the job claims. */
const DELIVERY_BATCH = 50;
/** The wait after a failed try: 1, 2, 4, 8 minutes. */
const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(attempts - 1, 0);

/** Reminders are optional: a candidate can stop them (users.remindersOn). Decisions always go. */
export const OPTIONAL_KINDS: readonly NotificationKind[] = [
  'fee_due',
  'exam_day_before',
  'exam_hour_before',
];

export interface NewNotification {
  userId: number;
  applicationId: number;
  kind: NotificationKind;
  occasion: string;
  text: string;
}

/**
 * Writes the message unless this (application, kind, occasion) has one already; says whether it
 * wrote it. Call it inside the event's transaction.
 */
export async function enqueueNotification(db: Database, n: NewNotification): Promise<boolean> {
  const inserted = await db
    .insert(notificationOutbox)
    .values(n)
    .onConflictDoNothing()
    .returning({ id: notificationOutbox.id });
  return inserted.length > 0;
}

/** The SMS of a review decision: the project, what to do next and by when. */
export function reviewDecisionText(input: {
  projectTitle: string;
  decision: 'approve' | 'return' | 'reject';
  remark: string | null;
  feeInFen: number;
  deadline: Date | null;
}): string {
  const project = `您报名的“${input.projectTitle}”`;
  const reason = input.remark ? `审核意见：${input.remark}。` : '';
  if (input.decision === 'approve') {
    if (input.feeInFen <= 0) return `${project}审核已通过，请登录报名网站打印准考证。`;
    const by = input.deadline ? `请在${beijingMinute(input.deadline)}前缴费` : '请尽快缴费';
    return `${project}审核已通过，${by}：登录报名网站，在“我的项目”中点“去缴费”。`;
  }
  if (input.decision === 'return')
    return `${project}被退回修改。${reason}请登录报名网站按审核意见修改后重新提交。`;
  return `${project}审核未通过。${reason}如有疑问请联系项目主办方。`;
}

/** A reminder found due by the sweep: its SMS and its message-centre message. */
interface DueReminder {
  userId: number;
  applicationId: number;
  projectId: number;
  kind: NotificationKind;
  occasion: string;
  text: string;
  title: string;
  content: string;
}

/**
 * The reminders due at `now` (the sweep's clock): an approved fee unpaid within 24 h of its
 * deadline; a paid or ticketed exam the day before and the hour before it starts. Candidates who
 * stopped reminders get none.
 */
async function dueReminders(db: Database, now: Date): Promise<DueReminder[]> {
  const t = now.getTime();
  const rows = await db
    .select({
      userId: applications.userId,
      applicationId: applications.id,
      status: applications.status,
      projectId: projects.id,
      title: projects.title,
      feeInFen: projects.feeInFen,
      examStartAt: projects.examStartAt,
      examEndAt: projects.examEndAt,
      examPlace: projects.examPlace,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        inArray(applications.status, ['Approved', 'Paid', 'TicketIssued']),
        eq(users.remindersOn, true),
        eq(users.status, 'active'),
        isNotNull(projects.examStartAt),
        // Every reminder falls in the 24 h before the exam's start (its end, for one open over
        // days): nothing is due for an exam further off, nor for one over.
        lte(
          projects.examStartAt,
          new Date(t + Math.max(FEE_REMINDER_BEFORE_MS, EXAM_DAY_BEFORE_MS)),
        ),
        gt(sql`coalesce(${projects.examEndAt}, ${projects.examStartAt})`, now),
      ),
    );
  const due: DueReminder[] = [];
  for (const row of rows) {
    const project = `您报名的“${row.title}”`;
    const base = { userId: row.userId, applicationId: row.applicationId, projectId: row.projectId };
    if (row.status === 'Approved' && row.feeInFen > 0) {
      const deadline = payDeadline(row.examStartAt, row.examEndAt);
      if (deadline && t >= deadline.getTime() - FEE_REMINDER_BEFORE_MS && t < deadline.getTime()) {
        const by = beijingMinute(deadline);
        due.push({
          ...base,
          kind: 'fee_due',
          occasion: deadline.toISOString(),
          text: `${project}报名费尚未缴纳，缴费将于${by}截止，逾期不能参加考试。请登录报名网站，在“我的项目”中点“去缴费”。`,
          title: '缴费提醒：报名费即将截止',
          content: `<p>${project}报名费尚未缴纳，缴费将于${by}截止，逾期不能参加考试。<a href="/views/payment?ApplyId=${row.applicationId}">去缴费</a></p>`,
        });
      }
    }
    if ((row.status === 'Paid' || row.status === 'TicketIssued') && row.examStartAt) {
      const start = row.examStartAt.getTime();
      const at = beijingMinute(row.examStartAt);
      const place = row.examPlace ? `，地点：${row.examPlace}` : '';
      if (t >= start - EXAM_HOUR_BEFORE_MS && t < start)
        due.push({
          ...base,
          kind: 'exam_hour_before',
          occasion: row.examStartAt.toISOString(),
          text: `${project}考试将于${at}开始${place}。请带好准考证和身份证件，提前到场。`,
          title: '考试提醒：一小时后开考',
          content: `<p>${project}考试将于${at}开始${place}。请带好准考证和身份证件，提前到场。</p>`,
        });
      else if (t >= start - EXAM_DAY_BEFORE_MS && t < start - EXAM_HOUR_BEFORE_MS)
        due.push({
          ...base,
          kind: 'exam_day_before',
          occasion: row.examStartAt.toISOString(),
          text: `${project}考试将于${at}开始${place}。请提前打印准考证，带好身份证件。`,
          title: '考试提醒：明天考试',
          content: `<p>${project}考试将于${at}开始${place}。请提前打印准考证，带好身份证件。</p>`,
        });
    }
  }
  return due;
}

/**
 * The sweep: writes each due reminder once — its SMS in the outbox and its message in the centre,
 * in one transaction, only when the outbox did not have it. Returns how many it wrote.
 */
export async function sweepReminders(db: Database, now: Date): Promise<number> {
  let written = 0;
  for (const reminder of await dueReminders(db, now)) {
    const wrote = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Database;
      const { title, content, projectId, ...notification } = reminder;
      if (!(await enqueueNotification(tx, notification))) return false;
      await createUserMessage(tx, { userId: reminder.userId, title, content, projectId });
      return true;
    });
    if (wrote) written += 1;
  }
  return written;
}

/**
 * Claims the pending rows that are due (sending), so a second run — on this instance or another —
 * cannot take them: a claimed row is never sent twice, even if this run dies before it finishes.
 */
async function claimDue(db: Database, now: Date) {
  const due = db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(eq(notificationOutbox.status, 'pending'), lte(notificationOutbox.nextAttemptAt, now)),
    )
    .orderBy(asc(notificationOutbox.id))
    .limit(DELIVERY_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(notificationOutbox)
    .set({ status: 'sending', attempts: sql`${notificationOutbox.attempts} + 1` })
    .where(inArray(notificationOutbox.id, due))
    .returning();
}

export interface DeliveryResult {
  sent: number;
  failed: number;
  retrying: number;
}

/**
 * Delivers the due rows through the SMS gateway (the sandbox outbox in demo mode) to the account's
 * number as it is now; a closed account's rows are dropped as failed. A failed try waits and is
 * tried again, MAX_DELIVERY_ATTEMPTS in all.
 */
export async function deliverNotifications(
  db: Database,
  sms: SmsGateway,
  now: Date,
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, retrying: 0 };
  for (const row of await claimDue(db, now)) {
    const [user] = await db
      .select({ mobile: users.mobile, status: users.status })
      .from(users)
      .where(eq(users.id, row.userId));
    const finish = (set: Partial<typeof notificationOutbox.$inferInsert>) =>
      db.update(notificationOutbox).set(set).where(eq(notificationOutbox.id, row.id));
    if (!user?.mobile || user.status !== 'active') {
      await finish({ status: 'failed', lastError: 'no number: the account is closed' });
      result.failed += 1;
      continue;
    }
    try {
      await sms.send(user.mobile, `【${APP_TITLE}】${row.text}`);
      await finish({ status: 'sent', sentAt: new Date(), lastError: null });
      result.sent += 1;
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 200) : 'send failed';
      if (row.attempts >= MAX_DELIVERY_ATTEMPTS) {
        await finish({ status: 'failed', lastError });
        result.failed += 1;
      } else {
        await finish({
          status: 'pending',
          lastError,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        });
        result.retrying += 1;
      }
    }
  }
  return result;
}
