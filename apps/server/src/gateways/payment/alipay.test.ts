import { generateKeyPairSync } from 'node:crypto';
import { getProjectPaymentOrder, verifyPaymentOrder } from '@portal/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  paymentOrders,
  providerNotifications,
  userMessages,
} from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { applicationOf, projectIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import type { FakeAlipay } from './alipay-fake.js';
import { startAlipayMerchant, type AlipayMerchant } from './alipay-test-kit.js';
import { providerNotifyPath } from '../../domain/ports.js';

const NOTIFY = providerNotifyPath('alipay');

describe('Alipay (alipay-sdk) against a local Alipay gateway', () => {
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let merchant: AlipayMerchant;
  let fake: FakeAlipay;
  let t: TestApp;
  let applyId: number;
  let orderNo = '';

  const sent: string[] = [];
  const notify = (form: string) => {
    sent.push(form);
    return t.app.inject({
      method: 'POST',
      url: NOTIFY,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: form,
    });
  };
  const orderRow = async (no: string) =>
    (await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, no)))[0]!;
  const paidMessages = async () =>
    Number(
      (
        await t.db
          .select({ n: count() })
          .from(userMessages)
          .where(and(eq(userMessages.userId, t.demoUserId), eq(userMessages.title, '缴费成功')))
      )[0]!.n,
    );

  beforeAll(async () => {
    merchant = await startAlipayMerchant();
    fake = merchant.fake;
    t = await createTestApp({ env: { PAYMENT_PROVIDER: 'alipay', ...merchant.env } });
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
  });
  afterAll(async () => {
    await t.close();
    await merchant.close();
  });

  it('creates a wap payment: a cashier link signed by the application', async () => {
    const created = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, ReturnUrl: 'http://localhost:8080/views/myOrder' },
      { as: t.demoUserId },
    );
    expect(created.status).toBe(200);
    orderNo = created.body.Data.OrderNo;
    const link = fake.openCashier(created.body.Data.PayUrl);
    expect(link).toMatchObject({
      method: 'alipay.trade.wap.pay',
      return_url: 'http://localhost:8080/views/myOrder',
      notify_url: `http://localhost:8080${NOTIFY}`,
    });
    expect(JSON.parse(link.biz_content!)).toMatchObject({
      out_trade_no: orderNo,
      total_amount: (created.body.Data.AmountInFen / 100).toFixed(2),
      product_code: 'QUICK_WAP_WAY',
    });
    const tampered = created.body.Data.PayUrl.replace('total_amount', 'total_amoumt');
    expect(() => fake.openCashier(tampered)).toThrow(/not signed/);
  });

  it('refuses a forged notification and leaves the order pending', async () => {
    const genuine = Object.fromEntries(new URLSearchParams(fake.pay(orderNo)));
    const { sign: _sign, sign_type: _type, charset: _c, version: _v, ...fields } = genuine;
    const forged = await notify(fake.notification(fields, stranger.privateKey));
    expect([forged.statusCode, forged.body]).toEqual([400, 'failure']);
    const cheaper = fake.notification({ ...fields, total_amount: '0.01' });
    expect((await notify(cheaper)).statusCode).toBe(400);
    expect((await orderRow(orderNo)).status).toBe('Pending');
  });

  it('settles once on the genuine notification; a duplicate changes nothing', async () => {
    const genuine = fake.pay(orderNo);
    const first = await notify(genuine);
    expect([first.statusCode, first.body]).toEqual([200, 'success']);
    const paid = await orderRow(orderNo);
    expect(paid.status).toBe('Paid');
    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, applyId));
    expect(application!.status).toBe('Paid');
    const messages = await paidMessages();
    expect((await notify(genuine)).body).toBe('success');
    expect((await orderRow(orderNo)).updatedAt).toEqual(paid.updatedAt);
    expect(await paidMessages()).toBe(messages);
  });

  it('keeps every notification as it came (body, verified or not) before acting on it', async () => {
    const kept = await t.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.provider, 'alipay'))
      .orderBy(providerNotifications.id);
    // forged, cheaper (signed, refused for its amount), genuine, duplicate.
    expect(kept.map((k) => k.verified)).toEqual([false, true, true, true]);
    expect(kept[0]!.orderNo).toBeNull();
    expect(kept.slice(1).every((k) => k.orderNo === orderNo)).toBe(true);
    expect(kept.map((k) => k.body)).toEqual(sent);
    expect(kept[2]!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('heals a missed notification by querying the trade', async () => {
    const otherApplyId = (await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.underReview),
    ))!.id;
    const missedNo = `P${Date.now()}`;
    const { payUrl } = await t.deps.gateways.payment.of('alipay').createPayment({
      orderNo: missedNo,
      amountInFen: 100,
      subject: '测试',
      returnUrl: 'http://localhost:8080/views/myOrder',
    });
    const [row] = await t.db
      .insert(paymentOrders)
      .values({
        orderNo: missedNo,
        userId: t.demoUserId,
        applicationId: otherApplyId,
        amountInFen: 100,
        subject: '测试',
        payUrl,
      })
      .returning();
    const pending = await t.call(verifyPaymentOrder, { OrderId: row!.id }, { as: t.demoUserId });
    expect(pending.body.Data.Status).toBe('Pending'); // not yet opened at Alipay
    fake.openCashier(payUrl);
    fake.pay(missedNo); // the notification never arrives
    const verified = await t.call(verifyPaymentOrder, { OrderId: row!.id }, { as: t.demoUserId });
    expect(verified.body.Data.Status).toBe('Paid');
    expect(fake.methods.at(-1)).toBe('alipay.trade.query');
  });

  it('refunds a paid trade and finds the refund done', async () => {
    const gateway = t.deps.gateways.payment.of('alipay');
    const refundNo = `R${orderNo.slice(1)}`;
    const paid = await orderRow(orderNo);
    const request = {
      orderNo,
      refundNo,
      amountInFen: paid.amountInFen,
      totalInFen: paid.amountInFen,
      reason: '报名未通过审核',
    };
    expect(await gateway.refund!(request)).toBe('Refunded');
    expect(await gateway.queryRefund!({ orderNo, refundNo })).toBe('Refunded');
  });

  it('gives a PC the page pay, a phone wap pay, the Alipay app a signed tradePay orderStr', async () => {
    const gateway = t.deps.gateways.payment.of('alipay');
    const request = { amountInFen: 100, subject: '测试', returnUrl: 'http://localhost:8080/' };
    const page = await gateway.createPayment({
      ...request,
      orderNo: `N${Date.now()}`,
      channel: 'page',
    });
    expect(fake.openCashier(page.payUrl)).toMatchObject({ method: 'alipay.trade.page.pay' });
    const wap = await gateway.createPayment({
      ...request,
      orderNo: `W${Date.now()}`,
      channel: 'wap',
    });
    expect(fake.openCashier(wap.payUrl)).toMatchObject({ method: 'alipay.trade.wap.pay' });
    const app = await gateway.createPayment({
      ...request,
      orderNo: `A${Date.now()}`,
      channel: 'app',
    });
    expect(app.payUrl).toBe('');
    expect(fake.openCashier(app.orderStr!)).toMatchObject({ method: 'alipay.trade.app.pay' });
  });

  it('closes an unpaid trade (the candidate chose another way), and one never opened', async () => {
    const gateway = t.deps.gateways.payment.of('alipay');
    const closeNo = `C${Date.now()}`;
    const { payUrl } = await gateway.createPayment({
      orderNo: closeNo,
      amountInFen: 100,
      subject: '测试',
      returnUrl: 'http://localhost:8080/',
    });
    await gateway.closePayment!(`X${Date.now()}`); // never opened at Alipay: nothing to close
    fake.openCashier(payUrl);
    await gateway.closePayment!(closeNo);
    expect(fake.methods.at(-1)).toBe('alipay.trade.close');
    expect(await gateway.queryPayment(closeNo)).toEqual({ status: 'Cancelled', paidAt: null });
  });
});
