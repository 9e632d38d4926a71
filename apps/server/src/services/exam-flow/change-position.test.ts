import { changePosition, getApply, getProjectPaymentOrder } from '@portal/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEvents,
  paymentOrders,
  positions,
  projects,
  userMessages,
} from '../../db/schema/index.js';
import { moveApplication } from '../../domain/applications/applications.js';
import { reviewApplication, startReview } from '../../domain/applications/review.js';
import {
  CHANGE_NOT_ALLOWED,
  CHANGE_RACED,
  CHANGE_SAME_POSITION,
  CHANGE_WINDOW_OVER,
  PAID_CHANGE_REFUSED,
} from '../../domain/applications/position-change-rule.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  applicationOf,
  applyAs,
  payThroughCashier,
  projectIdOf,
  userIdOf,
} from './flow-test-kit.js';

describe('ProjectApply/ChangePosition (改报)', () => {
  let t: TestApp;
  let projectId: number;
  let other: number;
  let positionIds: number[];
  beforeAll(async () => {
    t = await createTestApp();
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    other = await userIdOf(t.db, '13900139000');
    // A third position, so two changes at once can aim at different ones.
    await t.db
      .insert(positions)
      .values({ projectId, code: '50003', name: '考试科目三', department: '考务中心', sort: 9 });
    positionIds = (
      await t.db
        .select({ id: positions.id })
        .from(positions)
        .where(eq(positions.projectId, projectId))
        .orderBy(asc(positions.sort))
    ).map((p) => p.id);
  });
  afterAll(() => t.close());

  const change = (applyId: number, positionId: number, as: number) =>
    t.call(changePosition, { ApplyId: applyId, PositionId: positionId }, { as });
  const eventsOf = (applyId: number) =>
    t.db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applyId))
      .orderBy(asc(applicationEvents.id));
  const setProject = (set: Partial<typeof projects.$inferInsert>) =>
    t.db.update(projects).set(set).where(eq(projects.id, projectId));

  it('moves a submitted application to another position, keeping its form, back to review', async () => {
    const applyId = await applyAs(t, other, projectId);
    const before = (await applicationOf(t.db, other, projectId))!;
    expect(before.positionId).toBe(positionIds[0]);
    const flow = await t.call(getApply, { ProjectId: projectId }, { as: other });
    expect(flow.body.Data.Apply).toMatchObject({ CanChangePosition: true, CanWithdraw: true });

    const res = await change(applyId, positionIds[1]!, other);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data).toMatchObject({
      ApplyId: applyId,
      Status: 'Submitted',
      PositionId: positionIds[1],
      PositionName: '考试科目二',
      CanChangePosition: true,
    });
    const after = (await applicationOf(t.db, other, projectId))!;
    expect(after.values).toEqual(before.values);
    const last = (await eventsOf(applyId)).at(-1)!;
    expect(last).toMatchObject({
      fromStatus: 'Submitted',
      toStatus: 'Submitted',
      actor: 'candidate',
      remark: '考生改报岗位：考试科目一 → 考试科目二',
    });
    const [message] = await t.db
      .select()
      .from(userMessages)
      .where(eq(userMessages.userId, other))
      .orderBy(desc(userMessages.id))
      .limit(1);
    expect(message!.title).toBe('报考岗位已更换');
  });

  it('refuses the same position, another project’s position and another candidate’s application', async () => {
    const applyId = (await applicationOf(t.db, other, projectId))!.id;
    const same = await change(applyId, positionIds[1]!, other);
    expect(same.status).toBe(400);
    expect(same.body.ErrMsg).toBe(CHANGE_SAME_POSITION);

    const elsewhere = await projectIdOf(t.db, SEED_PROJECTS.submitted);
    const [foreign] = await t.db
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.projectId, elsewhere));
    const wrong = await change(applyId, foreign!.id, other);
    expect(wrong.status).toBe(400);
    expect(wrong.body.ErrMsg).toBe('所选岗位不属于该项目，请重新选择');

    const stranger = await change(applyId, positionIds[0]!, t.demoUserId);
    expect(stranger.status).toBe(404);
    expect((await applicationOf(t.db, other, projectId))!.positionId).toBe(positionIds[1]);
  });

  it('only while the window is open and the project allows it', async () => {
    const applyId = (await applicationOf(t.db, other, projectId))!.id;
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    await setProject({ closedAt: new Date(Date.now() - 60_000) });
    try {
      const closed = await change(applyId, positionIds[0]!, other);
      expect(closed.status).toBe(409);
      expect(closed.body.ErrMsg).toBe(CHANGE_WINDOW_OVER);
      const flow = await t.call(getApply, { ProjectId: projectId }, { as: other });
      expect(flow.body.Data.Apply?.CanChangePosition).toBe(false);
    } finally {
      await setProject({ closedAt: project!.closedAt });
    }
    await setProject({ positionChangeAllowed: false });
    try {
      const forbidden = await change(applyId, positionIds[0]!, other);
      expect(forbidden.status).toBe(409);
      expect(forbidden.body.ErrMsg).toBe(CHANGE_NOT_ALLOWED);
      const flow = await t.call(getApply, { ProjectId: projectId }, { as: other });
      expect(flow.body.Data.Apply?.CanChangePosition).toBe(false);
    } finally {
      await setProject({ positionChangeAllowed: true });
    }
    expect((await applicationOf(t.db, other, projectId))!.positionId).toBe(positionIds[1]);
  });

  it('an approved, unpaid one loses its approval: the begun payment is closed; once paid it is refused', async () => {
    const applyId = (await applicationOf(t.db, other, projectId))!.id;
    await reviewApplication(t.db, applyId, 'approve');
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: other },
    );
    expect(order.body.Data.Status).toBe('Pending');
    const res = await change(applyId, positionIds[2]!, other);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data).toMatchObject({ Status: 'Submitted', PositionId: positionIds[2] });
    const row = (await applicationOf(t.db, other, projectId))!;
    expect(row.reviewedAt).toBeNull();
    const orders = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.applicationId, applyId));
    expect(orders.map((o) => o.status)).toEqual(['Cancelled']);

    await reviewApplication(t.db, applyId, 'approve');
    await payThroughCashier(t, other, applyId);
    const flow = await t.call(getApply, { ProjectId: projectId }, { as: other });
    expect(flow.body.Data.Apply).toMatchObject({ Status: 'Paid', CanChangePosition: false });
    const paid = await change(applyId, positionIds[0]!, other);
    expect(paid.status).toBe(409);
    expect(paid.body.ErrMsg).toBe(PAID_CHANGE_REFUSED);
  });

  it('under review or returned: back to submitted, the review’s remark cleared', async () => {
    const applyId = await applyAs(t, t.demoUserId, projectId);
    await startReview(t.db, applyId);
    const reviewing = await change(applyId, positionIds[1]!, t.demoUserId);
    expect(reviewing.status, JSON.stringify(reviewing.body)).toBe(200);
    expect(reviewing.body.Data.Status).toBe('Submitted');

    await reviewApplication(t.db, applyId, 'return', '照片不清晰');
    const returned = await change(applyId, positionIds[0]!, t.demoUserId);
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.Data).toMatchObject({
      Status: 'Submitted',
      PositionId: positionIds[0],
      ReviewRemark: null,
    });
  });

  /** The history reads as one line: each move starts where the one before it ended. */
  const expectOneLine = async (applyId: number) => {
    const events = await eventsOf(applyId);
    for (let i = 1; i < events.length; i++)
      expect(events[i]!.fromStatus, JSON.stringify(events[i])).toBe(events[i - 1]!.toStatus);
    return events;
  };

  it('two changes at once: each applies to the application as it then is, or is told to look again', async () => {
    const applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
    const before = (await eventsOf(applyId)).length;
    const [a, b] = await Promise.all([
      change(applyId, positionIds[1]!, t.demoUserId),
      change(applyId, positionIds[2]!, t.demoUserId),
    ]);
    const applied = [a, b].filter((r) => r.status === 200);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const refused of [a, b].filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.ErrMsg).toBe(CHANGE_RACED);
    }
    // One history line per change that applied, and the last one names where it ended.
    const events = await expectOneLine(applyId);
    expect(events).toHaveLength(before + applied.length);
    const final = (await applicationOf(t.db, t.demoUserId, projectId))!;
    const finalName = final.positionId === positionIds[1] ? '考试科目二' : '考试科目三';
    expect(events.at(-1)!.remark).toMatch(new RegExp(`→ ${finalName}$`));
    if (applied.length === 2)
      // Taken one after the other: the second moved from where the first had put it.
      expect(events.at(-1)!.remark).toMatch(
        new RegExp(`：${finalName === '考试科目二' ? '考试科目三' : '考试科目二'} →`),
      );
  });

  it('a review that read the application before a change cannot decide on it afterwards', async () => {
    const applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
    const seenByReviewer = (await applicationOf(t.db, t.demoUserId, projectId))!;
    expect(seenByReviewer.status).toBe('Submitted');
    const target = positionIds.find((id) => id !== seenByReviewer.positionId)!;
    expect((await change(applyId, target, t.demoUserId)).status).toBe(200);
    // Still Submitted, but at another position: the decision on what was read is refused.
    await expect(
      moveApplication(t.db, seenByReviewer, 'Approved', { actor: 'reviewer', now: new Date() }),
    ).rejects.toThrow('报名状态已变化，请刷新后重试');
    expect((await applicationOf(t.db, t.demoUserId, projectId))!).toMatchObject({
      status: 'Submitted',
      positionId: target,
    });
  });

  it('a review deciding at the same moment: never an approval of a position the reviewer did not see', async () => {
    const applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
    const start = (await applicationOf(t.db, t.demoUserId, projectId))!;
    const target = positionIds.find((id) => id !== start.positionId)!;
    const [changed, review] = await Promise.allSettled([
      change(applyId, target, t.demoUserId),
      reviewApplication(t.db, applyId, 'approve'),
    ]);
    const final = (await applicationOf(t.db, t.demoUserId, projectId))!;
    const changeStatus = changed.status === 'fulfilled' ? changed.value.status : 500;
    const events = await expectOneLine(applyId);
    if (final.status === 'Approved') {
      // The decision came last: the change was refused, the position is the one reviewed.
      expect(review.status).toBe('fulfilled');
      expect(changeStatus).toBe(409);
      expect(final.positionId).toBe(start.positionId);
    } else {
      // The change came last: back to review at the new position, any approval before it lost.
      expect(final).toMatchObject({ status: 'Submitted', positionId: target, reviewedAt: null });
      expect(changeStatus).toBe(200);
      expect(events.at(-1)).toMatchObject({ actor: 'candidate', toStatus: 'Submitted' });
    }
  });
});
