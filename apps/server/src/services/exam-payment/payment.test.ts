import {
  getEquityBuy,
  getProjectPaymentOrder,
  getUserPaymentOrder,
  refundPaymentOrder,
  verifyPaymentOrder,
} from '@portal/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, paymentOrders, projects, userMessages } from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import {
  recordOutcome,
  sign,
  noticeText,
  SANDBOX_PROVIDER,
  SANDBOX_REFUND_MS,
} from '../../gateways/payment/index.js';
import { reconcilePendingOrders } from '../../domain/payments/payments.js';
import { providerNotifyPath } from '../../domain/ports.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  applicationOf,
  payThroughCashier,
  projectIdOf,
  userIdOf,
} from '../exam-flow/flow-test-kit.js';

describe('ProjectPayment/ and MerchantOrder/ calls with the sandbox cashier', () => {
  let t: TestApp;
  let other: number;
  let unpaidApplyId: number;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp();
    other = await userIdOf(t.db, '13900139000');
    projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    unpaidApplyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
  });
  afterAll(() => t.close());

  it('GetProjectPaymentOrder creates one pending order and answers it again', async () => {
    const first = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(first.status).toBe(200);
    expect(first.body.Data).toMatchObject({
      ApplyId: unpaidApplyId,
      ProjectId: projectId,
      Status: 'Pending',
      AmountInFen: 5600,
      PaidTime: null,
    });
    expect(first.body.Data.PayUrl).toMatch(
      /^http:\/\/localhost:8080\/gateways\/payment\/cashier\?/,
    );
    const second = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(second.body.Data.OrderId).toBe(first.body.Data.OrderId);
  });

  it('GetProjectPaymentOrder refuses: no token, another user, not approved, free, foreign return address', async () => {
    expect(
      (await t.call(getProjectPaymentOrder, { ApplyId: unpaidApplyId, Provider: 'wechatpay' }))
        .status,
    ).toBe(401);
    expect(
      (
        await t.call(
          getProjectPaymentOrder,
          { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
          { as: other },
        )
      ).status,
    ).toBe(404);
    const submitted = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.underReview),
    );
    const notApproved = await t.call(
      getProjectPaymentOrder,
      { ApplyId: submitted!.id, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.ErrMsg).toBe('报名审核通过后才能缴费');
    const free = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.returned),
    );
    expect(
      (
        await t.call(
          getProjectPaymentOrder,
          { ApplyId: free!.id, Provider: 'wechatpay' },
          { as: t.demoUserId },
        )
      ).status,
    ).toBe(409);
    const foreign = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, ReturnUrl: 'https://evil.example/steal' },
      { as: t.demoUserId },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.Data).toHaveProperty('FieldErrors.ReturnUrl');
  });

  it('GetProjectPaymentOrder refuses once the fee has lapsed, at the exam’s start', async () => {
    const [before] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const examStartAt = new Date(Date.now() - 60_000);
    await t.db
      .update(projects)
      .set({ examStartAt, examEndAt: new Date(examStartAt.getTime() + 2 * 3_600_000) })
      .where(eq(projects.id, projectId));
    try {
      const lapsed = await t.call(
        getProjectPaymentOrder,
        { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
        { as: t.demoUserId },
      );
      expect(lapsed.status).toBe(409);
      expect(lapsed.body.ErrMsg).toMatch(/^缴费已于\d{4}-\d\d-\d\d \d\d:\d\d截止，不能再缴费/);
    } finally {
      await t.db
        .update(projects)
        .set({ examStartAt: before!.examStartAt, examEndAt: before!.examEndAt })
        .where(eq(projects.id, projectId));
    }
  });

  it('the cashier page shows the order in Chinese; a tampered link is refused', async () => {
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    const url = new URL(order.body.Data.PayUrl);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order.body.Data.OrderNo);
    expect(page.body).toContain('¥56.00');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('取消支付');
    expect(page.body).toContain(SEED_PROJECTS.approvedUnpaid);
    const tampered = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}?orderNo=${order.body.Data.OrderNo}&sign=${'0'.repeat(64)}`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().ErrMsg).toBe('支付链接无效或已被篡改');
  });

  it('a rightly signed notice older than five minutes is refused and changes nothing', async () => {
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    const notice = {
      OrderNo: order.body.Data.OrderNo,
      Status: 'Paid' as const,
      PaidAt: null,
      Timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    };
    const replayed = await t.app.inject({
      method: 'POST',
      url: providerNotifyPath(SANDBOX_PROVIDER),
      payload: { ...notice, Sign: sign(t.deps.secrets.paymentSecret, noticeText(notice)) },
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().ErrMsg).toMatch(/已过期/);
    const check = await t.call(
      verifyPaymentOrder,
      { OrderId: order.body.Data.OrderId },
      { as: t.demoUserId },
    );
    expect(check.body.Data.Status).toBe('Pending');
  });

  it('a notice with a bad signature is refused with 400 and changes nothing', async () => {
    const order = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    const notice = { OrderNo: order.body.Data.OrderNo, Status: 'Paid', PaidAt: null, Timestamp: 1 };
    const forged = await t.app.inject({
      method: 'POST',
      url: providerNotifyPath(SANDBOX_PROVIDER),
      payload: { ...notice, Sign: sign('not-the-secret', noticeText(notice as never)) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().ErrMsg).toMatch(/签名不符/);
    const check = await t.call(
      verifyPaymentOrder,
      { OrderId: order.body.Data.OrderId },
      { as: t.demoUserId },
    );
    expect(check.body.Data.Status).toBe('Pending');
  });

  it('pays through the cashier; VerifyPaymentOrder confirms; the application is Paid; paying twice is impossible', async () => {
    const { order, confirm } = await payThroughCashier(t, t.demoUserId, unpaidApplyId);
    expect(confirm.headers.location).toContain('/views/payment');
    const verified = await t.call(
      verifyPaymentOrder,
      { OrderId: order.OrderId },
      { as: t.demoUserId },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.Data).toMatchObject({ Status: 'Paid', PayUrl: '' });
    expect(verified.body.Data.PaidTime).not.toBeNull();
    expect((await applicationOf(t.db, t.demoUserId, projectId))!.status).toBe('Paid');
    // Idempotent.
    const again = await t.call(
      verifyPaymentOrder,
      { OrderId: order.OrderId },
      { as: t.demoUserId },
    );
    expect(again.body.Data.Status).toBe('Paid');
    const twice = await t.call(
      getProjectPaymentOrder,
      { ApplyId: unpaidApplyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.ErrMsg).toBe('报名费已缴纳，无需重复支付');
    const [paid] = await t.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.applicationId, unpaidApplyId), eq(paymentOrders.status, 'Paid')));
    expect(Number(paid!.n)).toBe(1);
    const messages = await t.db
      .select()
      .from(userMessages)
      .where(eq(userMessages.userId, t.demoUserId));
    expect(messages.some((m) => m.title === '缴费成功')).toBe(true);
    // The database itself refuses a second paid order for one application.
    await expect(
      t.db.insert(paymentOrders).values({
        orderNo: 'PDUPLICATE0001',
        userId: t.demoUserId,
        applicationId: unpaidApplyId,
        amountInFen: 5600,
        subject: 'x',
        status: 'Paid',
      }),
    ).rejects.toThrow();
  });

  it('a cancelled payment leaves the application approved and a new order can be made', async () => {
    const theirs = (await applicationOf(t.db, other, projectId))!.id;
    const { order } = await payThroughCashier(t, other, theirs, 'cancel');
    const verified = await t.call(verifyPaymentOrder, { OrderId: order.OrderId }, { as: other });
    expect(verified.body.Data.Status).toBe('Cancelled');
    expect((await applicationOf(t.db, other, projectId))!.status).toBe('Approved');
    const next = await t.call(
      getProjectPaymentOrder,
      { ApplyId: theirs, Provider: 'wechatpay' },
      { as: other },
    );
    expect(next.body.Data.Status).toBe('Pending');
    expect(next.body.Data.OrderId).not.toBe(order.OrderId);
    // A lost notice: the gateway's own record settles the order when verified.
    await recordOutcome(t.deps.store, next.body.Data.OrderNo, 'Paid', new Date());
    const settled = await t.call(
      verifyPaymentOrder,
      { OrderId: next.body.Data.OrderId },
      { as: other },
    );
    expect(settled.body.Data.Status).toBe('Paid');
    expect((await applicationOf(t.db, other, projectId))!.status).toBe('Paid');
  });

  it('VerifyPaymentOrder: another user’s order is 404, no token 401, unknown 404', async () => {
    const [order] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, t.demoUserId));
    expect((await t.call(verifyPaymentOrder, { OrderId: order!.id }, { as: other })).status).toBe(
      404,
    );
    expect((await t.call(verifyPaymentOrder, { OrderId: order!.id })).status).toBe(401);
    expect(
      (await t.call(verifyPaymentOrder, { OrderId: 999999 }, { as: t.demoUserId })).status,
    ).toBe(404);
    expect((await t.call(verifyPaymentOrder, { OrderId: -1 }, { as: t.demoUserId })).status).toBe(
      400,
    );
  });

  it('GetUserPaymentOrder lists only the caller’s orders, newest first', async () => {
    const res = await t.call(
      getUserPaymentOrder,
      { PageIndex: 1, PageSize: 10 },
      { as: t.demoUserId },
    );
    expect(res.status).toBe(200);
    expect(res.body.Data.Total).toBeGreaterThanOrEqual(4);
    const mine = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, t.demoUserId));
    expect(res.body.Data.Items.every((o) => mine.some((m) => m.id === o.OrderId))).toBe(true);
    expect(res.body.Data.Items.every((o) => o.ProjectTitle.length > 0)).toBe(true);
    expect((await t.call(getUserPaymentOrder, {})).status).toBe(401);
  });

  it('GetEquityBuy lists the packages to anyone', async () => {
    const res = await t.call(getEquityBuy, {});
    expect(res.status).toBe(200);
    expect(res.body.Data.Items.map((i) => i.Name)).toEqual(['基础版', '专业版', '旗舰版']);
  });
});

describe('ProjectPayment/RefundPaymentOrder: the candidate asks for a paid fee back', () => {
  let t: TestApp;
  let applyId: number;
  let projectId: number;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
  });
  afterAll(() => t.close());

  it('a paid order of a refundable project goes 退款中 (the application back to approved), then 已退款; asking twice is refused', async () => {
    const { order } = await payThroughCashier(t, t.demoUserId, applyId);
    // Said before paying: refundable, at the latest until the exam starts.
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.refundable).toBe(true);
    expect(order.RefundPolicy).toEqual({
      Refundable: true,
      RefundUntil: project!.examStartAt?.toISOString() ?? null,
    });
    const paid = await t.call(verifyPaymentOrder, { OrderId: order.OrderId }, { as: t.demoUserId });
    expect(paid.body.Data).toMatchObject({ Status: 'Paid', CanRefund: true, RefundTime: null });

    const refund = await t.call(
      refundPaymentOrder,
      { OrderId: order.OrderId },
      { as: t.demoUserId },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.Data).toMatchObject({ Status: 'Refunding', CanRefund: false });
    expect(refund.body.Data.RefundRequestTime).not.toBeNull();
    expect((await applicationOf(t.db, t.demoUserId, projectId))!.status).toBe('Approved');
    const [row] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.OrderId));
    expect(row!.refundNo).toBe(`R${order.OrderNo.slice(1)}`);

    const twice = await t.call(
      refundPaymentOrder,
      { OrderId: order.OrderId },
      { as: t.demoUserId },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.ErrMsg).toBe('该订单已申请退款，请勿重复提交');

    // The sandbox's bank pays back a few seconds later; VerifyPaymentOrder asks and records it.
    await expect
      .poll(
        async () =>
          (await t.call(verifyPaymentOrder, { OrderId: order.OrderId }, { as: t.demoUserId })).body
            .Data.Status,
        { timeout: 10_000, interval: 500 },
      )
      .toBe('Refunded');
    const listed = await t.call(
      getUserPaymentOrder,
      { PageIndex: 1, PageSize: 20 },
      { as: t.demoUserId },
    );
    const mine = listed.body.Data.Items.find((o) => o.OrderId === order.OrderId)!;
    expect(mine.Status).toBe('Refunded');
    expect(mine.RefundTime).not.toBeNull();
    const titles = (
      await t.db.select().from(userMessages).where(eq(userMessages.userId, t.demoUserId))
    ).map((m) => m.title);
    expect(titles).toContain('退款申请已受理');
    // The fee was given back: the application may be paid again.
    const again = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    expect(again.body.Data.Status).toBe('Pending');
  });

  it('refuses where the project does not allow it, past payment (ticket printed), unpaid, and another user’s order', async () => {
    const other = await userIdOf(t.db, '13900139000');
    const theirs = (await applicationOf(t.db, other, projectId))!.id;
    const { order } = await payThroughCashier(t, other, theirs);
    await t.call(verifyPaymentOrder, { OrderId: order.OrderId }, { as: other });
    expect(
      (await t.call(refundPaymentOrder, { OrderId: order.OrderId }, { as: t.demoUserId })).status,
    ).toBe(404);
    expect((await t.call(refundPaymentOrder, { OrderId: order.OrderId })).status).toBe(401);

    await t.db.update(projects).set({ refundable: false }).where(eq(projects.id, projectId));
    const listed = await t.call(getUserPaymentOrder, { PageIndex: 1, PageSize: 20 }, { as: other });
    expect(listed.body.Data.Items.find((o) => o.OrderId === order.OrderId)!.CanRefund).toBe(false);
    const notAllowed = await t.call(refundPaymentOrder, { OrderId: order.OrderId }, { as: other });
    expect(notAllowed.status).toBe(409);
    expect(notAllowed.body.ErrMsg).toBe('该项目不支持退款，如有疑问请联系项目主办方');

    await t.db.update(projects).set({ refundable: true }).where(eq(projects.id, projectId));
    await t.db
      .update(applications)
      .set({ status: 'TicketIssued' })
      .where(eq(applications.id, theirs));
    const pastPayment = await t.call(refundPaymentOrder, { OrderId: order.OrderId }, { as: other });
    expect(pastPayment.status).toBe(409);
    expect(pastPayment.body.ErrMsg).toBe('报名已进入打印准考证或考试阶段，不能再退款');
    const [row] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.OrderId));
    expect(row!.status).toBe('Paid');

    const pending = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, Provider: 'wechatpay' },
      { as: t.demoUserId },
    );
    const unpaid = await t.call(
      refundPaymentOrder,
      { OrderId: pending.body.Data.OrderId },
      { as: t.demoUserId },
    );
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.ErrMsg).toBe('只有已支付的订单可以退款');
  });

  it('the periodic reconciliation completes a refund nobody is watching', async () => {
    const { order } = await payThroughCashier(t, t.demoUserId, applyId);
    await t.call(verifyPaymentOrder, { OrderId: order.OrderId }, { as: t.demoUserId });
    const refund = await t.call(
      refundPaymentOrder,
      { OrderId: order.OrderId },
      { as: t.demoUserId },
    );
    expect(refund.body.Data.Status).toBe('Refunding');
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_REFUND_MS + 200));
    const errors: unknown[] = [];
    const settled = await reconcilePendingOrders(
      t.db,
      t.deps.gateways.payment,
      new Date(),
      (_no, e) => errors.push(e),
    );
    expect(errors).toEqual([]);
    expect(settled).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.OrderId));
    expect(row!.status).toBe('Refunded');
    expect(row!.refundedAt).not.toBeNull();
  });
});
