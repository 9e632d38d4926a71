import { APP_TITLE } from '@portal/contracts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  notificationOutbox,
  projects,
  users,
  type NotificationKind,
  type NotificationRow,
} from '../../db/schema/index.js';
import { beijingMinute } from '../../platform/beijing-time.js';
import { UndeliverableError } from '../errors.js';
import type { SmsGateway, WeChatMessageGateway } from '../ports.js';
import { payDeadline } from '../projects/project-state.js';
import { createUserMessage } from './messages.js';

/**
 * Told outside the site (issue 30, point 16; docs/decisions.md, "Reminders", "Notifications:
 * ticket, results, WeChat, templates"): the messages, when they are due, and their delivery. A row of `notification_outbox` is
 * one message on one channel — an SMS, and a 公众号 template message when the account is bound —
 * written with its event (a review decision, published scores: in the event's transaction) or by
 * the sweep (a reminder, an opened ticket: with its message-centre message in the same
 * transaction); the notification job delivers them.
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

/**
 * Reminders are optional: a candidate can stop them (users.remindersOn). Decisions, an opened
 * ticket and published results always go: each is something the candidate must act on or know.
 */
export const OPTIONAL_KINDS: readonly NotificationKind[] = [
  'fee_due',
  'exam_day_before',
  'exam_hour_before',
];

/**
 * A message's words: the full text (the demo outbox's, the sandbox's) and the values a provider's
 * registered template of its kind is filled with (docs/configuration.md, "Notifications").
 */
export interface NoticeWords {
  text: string;
  params: Record<string, string>;
}

export interface NewNotification extends NoticeWords {
  userId: number;
  applicationId: number;
  kind: NotificationKind;
  occasion: string;
}

/**
 * Writes the message — by SMS, and by 公众号 template message when the account is bound to the
 * 公众号 — unless this (application, kind, occasion) has it already; says whether it wrote it.
 * Call it inside the event's transaction.
 */
export async function enqueueNotification(db: Database, n: NewNotification): Promise<boolean> {
  const [user] = await db
    .select({ openId: users.weChatOpenId })
    .from(users)
    .where(eq(users.id, n.userId));
  const inserted = await db
    .insert(notificationOutbox)
    .values([
      { ...n, channel: 'sms' as const },
      ...(user?.openId ? [{ ...n, channel: 'wechat' as const }] : []),
    ])
    .onConflictDoNothing()
    .returning({ id: notificationOutbox.id, channel: notificationOutbox.channel });
  return inserted.some((row) => row.channel === 'sms');
}

const REVIEW_RESULT = { approve: '审核通过', return: '退回修改', reject: '审核未通过' } as const;

/** The SMS of a review decision: the project, what to do next and by when. */
export function reviewDecisionNotice(input: {
  projectTitle: string;
  decision: 'approve' | 'return' | 'reject';
  remark: string | null;
  feeInFen: number;
  deadline: Date | null;
  /** A free project's ticket time, when it is still to come. */
  ticketOpensLater?: Date | null;
}): NoticeWords {
  const project = `您报名的“${input.projectTitle}”`;
  const reason = input.remark ? `审核意见：${input.remark}。` : '';
  const words = (text: string, todo: string) => ({
    text,
    params: { project: input.projectTitle, result: REVIEW_RESULT[input.decision], todo },
  });
  if (input.decision === 'approve') {
    if (input.feeInFen <= 0 && input.ticketOpensLater) {
      const from = `准考证将于${beijingMinute(input.ticketOpensLater)}起开放打印`;
      return words(`${project}审核已通过，${from}，届时另行通知。`, `${from}，届时另行通知`);
    }
    if (input.feeInFen <= 0)
      return words(`${project}审核已通过，请登录报名网站打印准考证。`, '请登录报名网站打印准考证');
    const by = input.deadline ? `请在${beijingMinute(input.deadline)}前缴费` : '请尽快缴费';
    // A template's value is short (WeChat's thing: 20 characters): the deadline without its year.
    const shortBy = input.deadline
      ? `请在${beijingMinute(input.deadline)
          .slice(5)
          .replace(/^(\d{2})-(\d{2})/, '$1月$2日')}前缴费`
      : by;
    return words(`${project}审核已通过，${by}：登录报名网站，在“我的项目”中点“去缴费”。`, shortBy);
  }
  if (input.decision === 'return')
    return words(
      `${project}被退回修改。${reason}请登录报名网站按审核意见修改后重新提交。`,
      '请登录报名网站按审核意见修改后重新提交',
    );
  return words(
    `${project}审核未通过。${reason}如有疑问请联系项目主办方。`,
    '如有疑问请联系项目主办方',
  );
}

/** A reminder found due by the sweep: its SMS and its message-centre message. */
interface DueReminder extends NewNotification {
  projectId: number;
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
          params: { project: row.title, deadline: by },
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
          params: { project: row.title, time: at },
          title: '考试提醒：一小时后开考',
          content: `<p>${project}考试将于${at}开始${place}。请带好准考证和身份证件，提前到场。</p>`,
        });
      else if (t >= start - EXAM_DAY_BEFORE_MS && t < start - EXAM_HOUR_BEFORE_MS)
        due.push({
          ...base,
          kind: 'exam_day_before',
          occasion: row.examStartAt.toISOString(),
          text: `${project}考试将于${at}开始${place}。请提前打印准考证，带好身份证件。`,
          params: { project: row.title, time: at },
          title: '考试提醒：明天考试',
          content: `<p>${project}考试将于${at}开始${place}。请提前打印准考证，带好身份证件。</p>`,
        });
    }
  }
  return due;
}

/** An opened ticket is told once per application, whenever it opened. */
const TICKET_OCCASION = 'ticket';

/** The opened ticket's words: where to print it. */
export function ticketOpenNotice(projectTitle: string): NoticeWords {
  return {
    text: `您报名的“${projectTitle}”准考证已可打印：登录报名网站，在“我的项目”中点“打印准考证”。`,
    params: { project: projectTitle },
  };
}

/**
 * The tickets opened by `now` and not yet told (docs/decisions.md, "When the ticket opens"): a paid
 * application (a free project's approved one) whose project's ticket time has come — at once
 * when the project names none — before the exam is over. Sent whatever users.remindersOn says.
 */
async function dueTicketNotices(db: Database, now: Date): Promise<DueReminder[]> {
  const rows = await db
    .select({
      userId: applications.userId,
      applicationId: applications.id,
      projectId: projects.id,
      title: projects.title,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        eq(users.status, 'active'),
        or(
          and(eq(applications.status, 'Paid'), gt(projects.feeInFen, 0)),
          // A free project's approval already said "print it", unless printing opens later.
          and(
            eq(applications.status, 'Approved'),
            eq(projects.feeInFen, 0),
            gt(projects.ticketOpensAt, applications.reviewedAt),
          ),
        ),
        or(isNull(projects.ticketOpensAt), lte(projects.ticketOpensAt, now)),
        or(
          isNull(projects.examStartAt),
          gt(sql`coalesce(${projects.examEndAt}, ${projects.examStartAt})`, now),
        ),
        notExists(
          db
            .select({ id: notificationOutbox.id })
            .from(notificationOutbox)
            .where(
              and(
                eq(notificationOutbox.applicationId, applications.id),
                eq(notificationOutbox.kind, 'ticket_open'),
              ),
            ),
        ),
      ),
    );
  return rows.map((row) => ({
    userId: row.userId,
    applicationId: row.applicationId,
    projectId: row.projectId,
    kind: 'ticket_open' as const,
    occasion: TICKET_OCCASION,
    ...ticketOpenNotice(row.title),
    title: '准考证已可打印',
    content: `<p>您报名的“${row.title}”准考证已可打印。<a href="/views/print?ApplyId=${row.applicationId}">打印准考证</a></p>`,
  }));
}

/**
 * The sweep: writes each due reminder and opened ticket once — its messages in the outbox and its
 * message in the centre, in one transaction, only when the outbox did not have it. Returns how
 * many it wrote.
 */
export async function sweepReminders(db: Database, now: Date): Promise<number> {
  let written = 0;
  const due = [...(await dueReminders(db, now)), ...(await dueTicketNotices(db, now))];
  for (const reminder of due) {
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

/** Published scores are told once per application. */
const RESULT_OCCASION = 'scores';

/** The published result's words: where to read it. */
export function resultOutNotice(projectTitle: string): NoticeWords {
  return {
    text: `您报名的“${projectTitle}”成绩已公布：登录报名网站，在“我的项目”中点“查看成绩”。`,
    params: { project: projectTitle },
  };
}

/**
 * Published scores, told: each application with a score gets its message-centre message and its
 * outbox rows once. Call it inside the publication's transaction. Returns how many it wrote.
 */
export async function enqueueResultNotices(db: Database, projectId: number): Promise<number> {
  const rows = await db
    .select({ userId: applications.userId, applicationId: applications.id, title: projects.title })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        eq(applications.projectId, projectId),
        isNotNull(applications.examScore),
        eq(users.status, 'active'),
      ),
    );
  let written = 0;
  for (const row of rows) {
    const wrote = await enqueueNotification(db, {
      userId: row.userId,
      applicationId: row.applicationId,
      kind: 'result_out',
      occasion: RESULT_OCCASION,
      ...resultOutNotice(row.title),
    });
    if (!wrote) continue;
    await createUserMessage(db, {
      userId: row.userId,
      title: '成绩已公布',
      content: `<p>您报名的“${row.title}”成绩已公布。<a href="/views/score?ApplyId=${row.applicationId}">查看成绩</a></p>`,
      projectId,
    });
    written += 1;
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
  /** Template messages not sent because they are off in this deployment. */
  skipped: number;
}

/** Where the messages go out: the SMS gateway, and the 公众号's when template messages are on. */
export interface DeliveryChannels {
  sms: SmsGateway;
  weChat?: WeChatMessageGateway | undefined;
}

type Recipient = { mobile: string | null; openId: string | null; status: string } | undefined;

/** Sends one row on its channel; a string says why it cannot go (the row fails without a try). */
async function sendRow(
  row: NotificationRow,
  recipient: Recipient,
  channels: DeliveryChannels,
): Promise<'sent' | 'skipped' | string> {
  if (!recipient || recipient.status !== 'active') return 'the account is closed';
  const template = { name: row.kind, params: row.params };
  if (row.channel === 'wechat') {
    if (!channels.weChat) return 'skipped';
    if (!recipient.openId) return 'the account is no longer bound to WeChat';
    await channels.weChat.send(recipient.openId, row.text, template);
    return 'sent';
  }
  if (!recipient.mobile) return 'no number';
  await channels.sms.send(recipient.mobile, `【${APP_TITLE}】${row.text}`, template);
  return 'sent';
}

/**
 * Delivers the due rows on their channels (the sandboxes in demo mode) to the account's number or
 * 公众号 openid as it is now; a closed account's rows are dropped as failed. A failed try waits
 * and is tried again, MAX_DELIVERY_ATTEMPTS in all; one its recipient cannot receive is not.
 */
export async function deliverNotifications(
  db: Database,
  channels: DeliveryChannels,
  now: Date,
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, retrying: 0, skipped: 0 };
  for (const row of await claimDue(db, now)) {
    const [recipient] = await db
      .select({ mobile: users.mobile, openId: users.weChatOpenId, status: users.status })
      .from(users)
      .where(eq(users.id, row.userId));
    const finish = (set: Partial<typeof notificationOutbox.$inferInsert>) =>
      db.update(notificationOutbox).set(set).where(eq(notificationOutbox.id, row.id));
    try {
      const outcome = await sendRow(row, recipient, channels);
      if (outcome === 'sent') {
        await finish({ status: 'sent', sentAt: new Date(), lastError: null });
        result.sent += 1;
      } else if (outcome === 'skipped') {
        await finish({ status: 'skipped', lastError: 'template messages are off' });
        result.skipped += 1;
      } else {
        await finish({ status: 'failed', lastError: outcome });
        result.failed += 1;
      }
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 200) : 'send failed';
      if (row.attempts >= MAX_DELIVERY_ATTEMPTS || error instanceof UndeliverableError) {
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
