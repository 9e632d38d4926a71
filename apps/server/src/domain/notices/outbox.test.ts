import { SERVICE_IDS } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  notificationOutbox,
  projects,
  userMessages,
  users,
} from '../../db/schema/index.js';
import { DEMO_MOBILE, SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { MessageTemplate, SmsGateway, WeChatMessageGateway } from '../ports.js';
import { reviewApplication, startReview } from '../applications/review.js';
import { UndeliverableError } from '../errors.js';
import { publishScores } from '../scores/scores.js';
import {
  deliverNotifications,
  FEE_REMINDER_BEFORE_MS,
  MAX_DELIVERY_ATTEMPTS,
  reviewDecisionNotice,
  sweepReminders,
} from './outbox.js';

const HOUR = 3_600_000;

/** The SMS gateway at the edge: what it was asked to send, and whether it fails. */
function recordingSms(fail = () => false) {
  const sent: { mobile: string; text: string }[] = [];
  const sms: SmsGateway = {
    async send(mobile, text) {
      // A provider takes a moment: two runs at once would both get here if both had claimed.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fail()) throw new Error('provider unavailable');
      sent.push({ mobile, text });
    },
  };
  return { sms, sent };
}

/** The 公众号's gateway at the edge: what it was asked to send, or its refusal. */
function recordingWeChat(refuse: () => Error | null = () => null) {
  const sent: { openId: string; template: MessageTemplate }[] = [];
  const weChat: WeChatMessageGateway = {
    async send(openId, _text, template) {
      const refusal = refuse();
      if (refusal) throw refusal;
      sent.push({ openId, template });
    },
  };
  return { weChat, sent };
}

async function applicationOf(t: TestApp, title: string) {
  const [row] = await t.db
    .select({ application: applications })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .where(and(eq(projects.title, title), eq(applications.userId, t.demoUserId)));
  return row!.application;
}

const outboxOf = (t: TestApp, applicationId: number) =>
  t.db.select().from(notificationOutbox).where(eq(notificationOutbox.applicationId, applicationId));

/**
 * A delivery run's time just after the rows written so far: the database stamps a row's
 * next_attempt_at in microseconds, the clock here counts milliseconds, and a row written in the
 * same millisecond would otherwise not be due yet (CI saw one row left so on PostgreSQL).
 */
const deliveryTime = () => new Date(Date.now() + 1);

describe('a review decision’s words', () => {
  const approved = {
    projectTitle: '校赛',
    decision: 'approve' as const,
    remark: null,
    deadline: null,
  };
  it('a free project says print now, or when printing opens if that is later', () => {
    expect(reviewDecisionNotice({ ...approved, feeInFen: 0 }).text).toBe(
      '您报名的“校赛”审核已通过，请登录报名网站打印准考证。',
    );
    const later = reviewDecisionNotice({
      ...approved,
      feeInFen: 0,
      ticketOpensLater: new Date('2027-03-01T01:00:00Z'),
    });
    expect(later.text).toBe(
      '您报名的“校赛”审核已通过，准考证将于2027-03-01 09:00起开放打印，届时另行通知。',
    );
    expect(later.params).toEqual({
      project: '校赛',
      result: '审核通过',
      todo: '准考证将于2027-03-01 09:00起开放打印，届时另行通知',
    });
  });
});

describe('the notification outbox (issue 30, point 16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Without the notification job's own schedule: these tests run its steps themselves.
    t = await createTestApp({
      env: { SERVICES: SERVICE_IDS.filter((id) => id !== 'exam-message').join(',') },
    });
    // Nothing pending from the seeds.
    await t.db.delete(notificationOutbox);
  });
  afterAll(() => t.close());

  it('an approval writes one SMS naming the project, its deadline and 去缴费, sent once', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.underReview);
    const examStartAt = new Date('2027-03-01T01:00:00Z');
    await t.db.update(projects).set({ examStartAt }).where(eq(projects.id, row.projectId));
    await reviewApplication(t.db, row.id, 'approve');
    const [pending] = await outboxOf(t, row.id);
    expect(pending).toMatchObject({ kind: 'review_decided', status: 'pending' });
    expect(pending!.text).toContain(`“${SEED_PROJECTS.underReview}”审核已通过`);
    expect(pending!.text).toContain('请在2027-03-01 09:00前缴费');
    expect(pending!.text).toContain('去缴费');
    expect(pending!.params).toEqual({
      project: SEED_PROJECTS.underReview,
      result: '审核通过',
      todo: '请在03月01日 09:00前缴费',
    });
    const [message] = await t.db
      .select()
      .from(userMessages)
      .where(
        and(
          eq(userMessages.projectId, row.projectId),
          eq(userMessages.title, '报名审核结果：审核通过'),
        ),
      );
    expect(message!.content).toContain('请在2027-03-01 09:00前完成缴费');

    const { sms, sent } = recordingSms();
    expect(await deliverNotifications(t.db, { sms }, deliveryTime())).toMatchObject({ sent: 1 });
    expect(sent).toEqual([{ mobile: DEMO_MOBILE, text: expect.stringContaining('去缴费') }]);
    expect(sent[0]!.text).toMatch(/^【.+】您报名的/);
    expect(await deliverNotifications(t.db, { sms }, deliveryTime())).toMatchObject({ sent: 0 });
    expect(sent).toHaveLength(1);
    const [after] = await outboxOf(t, row.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('two runs at once send each message once', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.returned);
    for (let i = 0; i < 6; i += 1)
      await t.db.insert(notificationOutbox).values({
        userId: t.demoUserId,
        applicationId: row.id,
        kind: 'review_decided',
        occasion: `concurrency-${i}`,
        text: `消息${i}`,
      });
    const { sms, sent } = recordingSms();
    const now = deliveryTime();
    const [a, b] = await Promise.all([
      deliverNotifications(t.db, { sms }, now),
      deliverNotifications(t.db, { sms }, now),
    ]);
    expect(a.sent + b.sent).toBe(6);
    expect(sent.map((s) => s.text.replace(/^【.+】/, '')).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `消息${i}`),
    );
  });

  it('a failed send is tried again later, and given up after the cap', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.submitted);
    await startReview(t.db, row.id);
    await reviewApplication(t.db, row.id, 'return', '请补充学历证明');
    let failing = true;
    const { sms, sent } = recordingSms(() => failing);
    const start = deliveryTime();
    expect(await deliverNotifications(t.db, { sms }, start)).toMatchObject({ retrying: 1 });
    const [waiting] = await outboxOf(t, row.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'provider unavailable',
    });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(start.getTime());
    // Not before its time comes.
    expect(await deliverNotifications(t.db, { sms }, start)).toMatchObject({
      retrying: 0,
      sent: 0,
    });
    failing = false;
    expect(
      await deliverNotifications(t.db, { sms }, new Date(start.getTime() + HOUR)),
    ).toMatchObject({
      sent: 1,
    });
    expect(sent[0]!.text).toContain('被退回修改。审核意见：请补充学历证明。');

    await t.db.insert(notificationOutbox).values({
      userId: t.demoUserId,
      applicationId: row.id,
      kind: 'review_decided',
      occasion: 'always-failing',
      text: '发不出去的消息',
    });
    failing = true;
    let later = start.getTime() + HOUR;
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i += 1) {
      later += 24 * HOUR;
      await deliverNotifications(t.db, { sms }, new Date(later));
    }
    const [given] = await t.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.occasion, 'always-failing'));
    expect(given).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it('a fee left unpaid is reminded of once, in the 24 h before it lapses', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.approvedUnpaid);
    expect(row.status).toBe('Approved');
    const examStartAt = new Date('2027-05-10T01:00:00Z');
    await t.db
      .update(projects)
      .set({ examStartAt, examEndAt: new Date(examStartAt.getTime() + 2 * HOUR), feeInFen: 5000 })
      .where(eq(projects.id, row.projectId));
    const deadline = examStartAt.getTime();
    const reminders = () =>
      t.db
        .select()
        .from(notificationOutbox)
        .where(
          and(eq(notificationOutbox.applicationId, row.id), eq(notificationOutbox.kind, 'fee_due')),
        );
    const messages = () =>
      t.db
        .select()
        .from(userMessages)
        .where(
          and(
            eq(userMessages.userId, t.demoUserId),
            eq(userMessages.title, '缴费提醒：报名费即将截止'),
          ),
        );

    // Too early, then stopped by the candidate: nothing.
    await sweepReminders(t.db, new Date(deadline - FEE_REMINDER_BEFORE_MS - HOUR));
    await t.db.update(users).set({ remindersOn: false }).where(eq(users.id, t.demoUserId));
    await sweepReminders(t.db, new Date(deadline - 12 * HOUR));
    expect(await reminders()).toHaveLength(0);

    await t.db.update(users).set({ remindersOn: true }).where(eq(users.id, t.demoUserId));
    await sweepReminders(t.db, new Date(deadline - 12 * HOUR));
    await sweepReminders(t.db, new Date(deadline - 11 * HOUR));
    const [reminder, ...more] = await reminders();
    expect(more).toHaveLength(0);
    expect(reminder!.text).toContain(
      `“${SEED_PROJECTS.approvedUnpaid}”报名费尚未缴纳，缴费将于2027-05-10 09:00截止`,
    );
    expect(reminder!.text).toContain('去缴费');
    const inCentre = await messages();
    expect(inCentre).toHaveLength(1);
    expect(inCentre[0]!.content).toContain(`/views/payment?ApplyId=${row.id}`);
    // Once lapsed, nothing more.
    await sweepReminders(t.db, new Date(deadline + HOUR));
    expect(await reminders()).toHaveLength(1);
  });

  it('a paid exam is reminded of the day before and the hour before', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.ticketIssued);
    const examStartAt = new Date('2027-06-01T01:00:00Z');
    await t.db
      .update(projects)
      .set({ examStartAt, examEndAt: new Date(examStartAt.getTime() + 3 * HOUR) })
      .where(eq(projects.id, row.projectId));
    const kinds = async () => (await outboxOf(t, row.id)).map((r) => r.kind).sort();
    await sweepReminders(t.db, new Date(examStartAt.getTime() - 20 * HOUR));
    await sweepReminders(t.db, new Date(examStartAt.getTime() - 10 * HOUR));
    expect(await kinds()).toEqual(['exam_day_before']);
    await sweepReminders(t.db, new Date(examStartAt.getTime() - 30 * 60_000));
    await sweepReminders(t.db, new Date(examStartAt.getTime() - 10 * 60_000));
    expect(await kinds()).toEqual(['exam_day_before', 'exam_hour_before']);
    const [hour] = (await outboxOf(t, row.id)).filter((r) => r.kind === 'exam_hour_before');
    expect(hour!.text).toContain('考试将于2027-06-01 09:00开始');
  });

  it('a paid ticket is told once it opens — at the project’s time, reminders stopped or not', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.paidExam);
    expect(row.status).toBe('Paid');
    const opensAt = new Date('2027-07-01T00:00:00Z');
    await t.db
      .update(projects)
      .set({
        ticketOpensAt: opensAt,
        examStartAt: new Date('2027-07-08T01:00:00Z'),
        examEndAt: new Date('2027-07-08T03:00:00Z'),
      })
      .where(eq(projects.id, row.projectId));
    await t.db.update(users).set({ remindersOn: false }).where(eq(users.id, t.demoUserId));
    const told = async () => (await outboxOf(t, row.id)).filter((r) => r.kind === 'ticket_open');
    const inCentre = () =>
      t.db
        .select()
        .from(userMessages)
        .where(
          and(
            eq(userMessages.userId, t.demoUserId),
            eq(userMessages.projectId, row.projectId),
            eq(userMessages.title, '准考证已可打印'),
          ),
        );
    try {
      await sweepReminders(t.db, new Date(opensAt.getTime() - HOUR));
      expect(await told()).toHaveLength(0);
      await sweepReminders(t.db, new Date(opensAt.getTime() + 60_000));
      await sweepReminders(t.db, new Date(opensAt.getTime() + 2 * HOUR));
      const [sms, ...more] = await told();
      expect(more).toHaveLength(0);
      expect(sms).toMatchObject({ channel: 'sms', status: 'pending' });
      expect(sms!.text).toBe(
        `您报名的“${SEED_PROJECTS.paidExam}”准考证已可打印：登录报名网站，在“我的项目”中点“打印准考证”。`,
      );
      expect(sms!.params).toEqual({ project: SEED_PROJECTS.paidExam });
      const messages = await inCentre();
      expect(messages).toHaveLength(1);
      expect(messages[0]!.content).toContain(`/views/print?ApplyId=${row.id}`);

      const { sms: gateway, sent } = recordingSms();
      await deliverNotifications(t.db, { sms: gateway }, deliveryTime());
      expect(sent).toContainEqual({
        mobile: DEMO_MOBILE,
        text: expect.stringContaining('准考证已可打印'),
      });
    } finally {
      await t.db.update(users).set({ remindersOn: true }).where(eq(users.id, t.demoUserId));
    }
  });

  it('published scores tell each candidate with a score once, with the publication', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.finished);
    expect(row.examScore).not.toBeNull();
    const results = async () => (await outboxOf(t, row.id)).filter((r) => r.kind === 'result_out');
    const inCentre = () =>
      t.db
        .select()
        .from(userMessages)
        .where(
          and(eq(userMessages.projectId, row.projectId), eq(userMessages.title, '成绩已公布')),
        );
    expect(await results()).toHaveLength(0);
    await publishScores(t.db, row.projectId, {}, new Date());
    await publishScores(t.db, row.projectId, {}, new Date());
    const [sms, ...more] = await results();
    expect(more).toHaveLength(0);
    expect(sms!.text).toBe(
      `您报名的“${SEED_PROJECTS.finished}”成绩已公布：登录报名网站，在“我的项目”中点“查看成绩”。`,
    );
    const messages = await inCentre();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content).toContain(`/views/score?ApplyId=${row.id}`);
    // Nobody without a score is told.
    const told = await t.db
      .select({ applicationId: notificationOutbox.applicationId })
      .from(notificationOutbox)
      .innerJoin(applications, eq(applications.id, notificationOutbox.applicationId))
      .where(
        and(eq(notificationOutbox.kind, 'result_out'), eq(applications.projectId, row.projectId)),
      );
    const scored = await t.db
      .select({ id: applications.id, examScore: applications.examScore })
      .from(applications)
      .where(eq(applications.projectId, row.projectId));
    for (const { applicationId } of told)
      expect(scored.find((a) => a.id === applicationId)!.examScore).not.toBeNull();
  });

  describe('a candidate bound to the 公众号', () => {
    const OPEN_ID = 'oDemoOpenId0000000000000001';
    beforeAll(async () => {
      await t.db.update(users).set({ weChatOpenId: OPEN_ID }).where(eq(users.id, t.demoUserId));
    });
    afterAll(async () => {
      await t.db.update(users).set({ weChatOpenId: null }).where(eq(users.id, t.demoUserId));
    });

    it('is told on both channels, each once, the template message with the kind’s values', async () => {
      const row = await applicationOf(t, SEED_PROJECTS.shortExam);
      await t.db
        .update(projects)
        .set({
          ticketOpensAt: null,
          examStartAt: new Date('2027-08-01T01:00:00Z'),
          examEndAt: null,
        })
        .where(eq(projects.id, row.projectId));
      await sweepReminders(t.db, new Date());
      const rows = (await outboxOf(t, row.id)).filter((r) => r.kind === 'ticket_open');
      expect(rows.map((r) => r.channel).sort()).toEqual(['sms', 'wechat']);

      const { sms, sent: texts } = recordingSms();
      const { weChat, sent } = recordingWeChat();
      await deliverNotifications(t.db, { sms, weChat }, deliveryTime());
      await deliverNotifications(t.db, { sms, weChat }, deliveryTime());
      expect(sent.filter((m) => m.openId === OPEN_ID)).toEqual([
        {
          openId: OPEN_ID,
          template: { name: 'ticket_open', params: { project: SEED_PROJECTS.shortExam } },
        },
      ]);
      expect(texts.filter((m) => m.text.includes(SEED_PROJECTS.shortExam))).toHaveLength(1);
    });

    it('one who unfollowed is given up at once; with template messages off, the copy is skipped', async () => {
      const row = await applicationOf(t, SEED_PROJECTS.ticketIssued);
      const insert = (occasion: string) =>
        t.db
          .insert(notificationOutbox)
          .values({
            userId: t.demoUserId,
            applicationId: row.id,
            kind: 'result_out',
            occasion,
            channel: 'wechat',
            text: '成绩已公布',
          })
          .returning();
      const [unfollowed] = await insert('unfollowed');
      const { sms } = recordingSms();
      const { weChat } = recordingWeChat(
        () => new UndeliverableError('WeChat API 43004: require subscribe'),
      );
      expect(await deliverNotifications(t.db, { sms, weChat }, deliveryTime())).toMatchObject({
        failed: 1,
        retrying: 0,
      });
      const [given] = await t.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.id, unfollowed!.id));
      expect(given).toMatchObject({ status: 'failed', attempts: 1 });
      expect(given!.lastError).toContain('43004');

      const [off] = await insert('off');
      expect(await deliverNotifications(t.db, { sms }, deliveryTime())).toMatchObject({
        skipped: 1,
      });
      const [skipped] = await t.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.id, off!.id));
      expect(skipped).toMatchObject({ status: 'skipped' });
    });
  });
});
