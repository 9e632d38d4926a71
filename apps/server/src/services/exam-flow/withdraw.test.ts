import { apply, getApply, getProjectPaymentOrder, withdrawApply } from '@portal/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, paymentOrders, positions, projects } from '../../db/schema/index.js';
import { reviewApplication } from '../../domain/applications/review.js';
import {
  PAID_WITHDRAW_NOT_REFUNDABLE,
  PAID_WITHDRAW_REFUND_FIRST,
} from '../../domain/applications/withdraw.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  applicationOf,
  applyAs,
  payThroughCashier,
  projectIdOf,
  storedPhoto,
  userIdOf,
  validValues,
} from './flow-test-kit.js';

describe('ProjectApply/WithdrawApply and applying again', () => {
  let t: TestApp;
  let projectId: number;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  const withdraw = (applyId: number, as: number) =>
    t.call(withdrawApply, { ApplyId: applyId }, { as });
  const ordersOf = (applyId: number) =>
    t.db.select().from(paymentOrders).where(eq(paymentOrders.applicationId, applyId));

  it('withdraws before review, then applies again in the same application with another position', async () => {
    const applyId = await applyAs(t, other, projectId);
    const withdrawn = await withdraw(applyId, other);
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.Data).toMatchObject({ Status: 'Withdrawn', CanWithdraw: false });

    const again = await withdraw(applyId, other);
    expect(again.status).toBe(409);
    expect(again.body.ErrMsg).toBe('该报名已撤回，请勿重复操作');

    const flow = await t.call(getApply, { ProjectId: projectId }, { as: other });
    expect(flow.body.Data.NextAction).toBe('apply');
    expect(flow.body.Data.Steps[0]!.Description).toBe('报名已撤回；报名时间内可重新报名');

    const [, second] = await t.db
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.projectId, projectId))
      .orderBy(asc(positions.sort));
    const reapplied = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: second!.id,
        Values: validValues({ photo: await storedPhoto(t, other) }),
        SensitiveConsent: true,
      },
      { as: other },
    );
    expect(reapplied.status, JSON.stringify(reapplied.body)).toBe(200);
    expect(reapplied.body.Data).toMatchObject({
      ApplyId: applyId,
      Status: 'Submitted',
      PositionId: second!.id,
      CanWithdraw: true,
    });
  });

  it('refuses another candidate’s application as not found, and a paid one until the fee is refunded', async () => {
    const applyId = (await applicationOf(t.db, other, projectId))!.id;
    const stranger = await withdraw(applyId, t.demoUserId);
    expect(stranger.status).toBe(404);

    await reviewApplication(t.db, applyId, 'approve');
    await payThroughCashier(t, other, applyId);
    expect((await applicationOf(t.db, other, projectId))!.status).toBe('Paid');
    const paid = await withdraw(applyId, other);
    expect(paid.status).toBe(409);
    expect(paid.body.ErrMsg).toBe(PAID_WITHDRAW_REFUND_FIRST);
    // A project that keeps its fee: no refund to point to, so the way left is the organiser.
    await t.db.update(projects).set({ refundable: false }).where(eq(projects.id, projectId));
    const kept = await withdraw(applyId, other);
    await t.db.update(projects).set({ refundable: true }).where(eq(projects.id, projectId));
    expect(kept.status).toBe(409);
    expect(kept.body.ErrMsg).toBe(PAID_WITHDRAW_NOT_REFUNDABLE);
    expect((await applicationOf(t.db, other, projectId))!.status).toBe('Paid');
  });

  it('refuses a rejected application', async () => {
    const rejectedProject = await projectIdOf(t.db, SEED_PROJECTS.rejected);
    const rejected = (await applicationOf(t.db, t.demoUserId, rejectedProject))!;
    const res = await withdraw(rejected.id, t.demoUserId);
    expect(res.status).toBe(409);
    expect(res.body.ErrMsg).toBe('报名当前状态为“审核未通过”，不能撤回');
  });

  it('closes a payment begun at the cashier before withdrawing an approved application', async () => {
    const approvedProject = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    const applyId = (await applicationOf(t.db, t.demoUserId, approvedProject))!.id;
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(order.body.Data.Status).toBe('Pending');
    const res = await withdraw(applyId, t.demoUserId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.Status).toBe('Withdrawn');
    expect((await ordersOf(applyId)).map((o) => o.status)).toEqual(['Cancelled']);
    // No new order for a withdrawn application.
    const after = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(after.status).toBe(409);
  });

  it('two taps at once withdraw once; a review deciding at the same moment leaves one consistent state', async () => {
    const underReviewProject = await projectIdOf(t.db, SEED_PROJECTS.underReview);
    const row = (await applicationOf(t.db, t.demoUserId, underReviewProject))!;
    const [a, b, review] = await Promise.allSettled([
      withdraw(row.id, t.demoUserId),
      withdraw(row.id, t.demoUserId),
      reviewApplication(t.db, row.id, 'reject', '材料不全'),
    ]);
    const statuses = [a, b].map((r) => (r.status === 'fulfilled' ? r.value.status : 500));
    const final = (await applicationOf(t.db, t.demoUserId, underReviewProject))!;
    if (final.status === 'Withdrawn') {
      expect(statuses.sort()).toEqual([200, 409]);
      expect(review.status).toBe('rejected');
    } else {
      expect(final.status).toBe('Rejected');
      expect(review.status).toBe('fulfilled');
      expect(statuses).toEqual([409, 409]);
    }
    // One decision only in the history: the loser left no trace.
    const endings = await t.db
      .select()
      .from(applicationEvents)
      .where(
        and(
          eq(applicationEvents.applicationId, row.id),
          inArray(applicationEvents.toStatus, ['Withdrawn', 'Rejected']),
        ),
      );
    expect(endings).toHaveLength(1);
  });

  it('a payment settling while withdrawing: either paid and still applied, or withdrawn with nothing paid', async () => {
    const applyId = await applyAs(t, t.demoUserId, projectId);
    await reviewApplication(t.db, applyId, 'approve');
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    const payUrl = new URL(order.body.Data.PayUrl);
    const [confirm, withdrawn] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: payUrl.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          orderNo: payUrl.searchParams.get('orderNo')!,
          sign: payUrl.searchParams.get('sign')!,
          action: 'pay',
        }).toString(),
      }),
      withdraw(applyId, t.demoUserId),
    ]);
    expect(confirm.statusCode).toBe(303);
    const final = (await applicationOf(t.db, t.demoUserId, projectId))!;
    const orders = await ordersOf(applyId);
    if (final.status === 'Withdrawn') {
      expect(withdrawn.status).toBe(200);
      expect(orders.map((o) => o.status)).toEqual(['Cancelled']);
    } else {
      expect(final.status).toBe('Paid');
      expect(withdrawn.status).toBe(409);
      expect(orders.map((o) => o.status)).toEqual(['Paid']);
    }
  });
});
