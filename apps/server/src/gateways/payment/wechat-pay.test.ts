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
import { reconcilePendingOrders, RECONCILE_AFTER_MS } from '../../domain/payments/payments.js';
import { providerNotifyPath } from '../../domain/ports.js';
import type { FakeWeChatPay } from './wechat-pay-fake.js';
import {
  APP_ID,
  MCH_ID,
  startWeChatPayMerchant,
  type WeChatPayMerchant,
} from './wechat-pay-test-kit.js';
import { verifyWeChatPay, weChatPayMessage } from './wechat-pay.js';

const NOTIFY = providerNotifyPath('wechatpay');

describe('WeChat Pay API v3 against a local WeChat Pay', () => {
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let weChatPay: WeChatPayMerchant;
  let fake: FakeWeChatPay;
  let t: TestApp;
  let applyId: number;
  let orderNo = '';

  const sent: { headers: Record<string, string>; body: string }[] = [];
  const notify = (notice: { headers: Record<string, string>; body: string }) => {
    sent.push(notice);
    return t.app.inject({
      method: 'POST',
      url: NOTIFY,
      headers: notice.headers,
      payload: notice.body,
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
    weChatPay = await startWeChatPayMerchant();
    fake = weChatPay.fake;
    t = await createTestApp({ env: weChatPay.env });
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
  });
  afterAll(async () => {
    await t.close();
    await weChatPay?.close();
  });

  it('creates an H5 payment with a signed request, returning to the portal', async () => {
    const created = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, ReturnUrl: 'http://localhost:8080/views/myOrder' },
      { as: t.demoUserId },
    );
    expect(created.status).toBe(200);
    orderNo = created.body.Data.OrderNo;
    const payUrl = new URL(created.body.Data.PayUrl);
    expect(payUrl.origin).toBe('https://wx.tenpay.com');
    expect(payUrl.searchParams.get('redirect_url')).toBe('http://localhost:8080/views/myOrder');
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v3/pay/transactions/h5',
      body: {
        mchid: MCH_ID,
        appid: APP_ID,
        out_trade_no: orderNo,
        notify_url: `http://localhost:8080${NOTIFY}`,
        amount: { total: created.body.Data.AmountInFen, currency: 'CNY' },
      },
    });
  });

  it('refuses a forged notification and leaves the order pending', async () => {
    const genuine = fake.pay(orderNo);
    const forged = fake.notification(genuine.body, stranger.privateKey);
    const response = await notify(forged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'FAIL' });
    const tampered = {
      ...genuine,
      body: genuine.body.replace('"summary":"支付成功"', '"summary":"x"'),
    };
    expect((await notify(tampered)).statusCode).toBe(400);
    expect((await orderRow(orderNo)).status).toBe('Pending');
  });

  it('settles once on the genuine notification; a duplicate changes nothing', async () => {
    const genuine = fake.pay(orderNo);
    expect((await notify(genuine)).statusCode).toBe(204);
    const paid = await orderRow(orderNo);
    expect(paid.status).toBe('Paid');
    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, applyId));
    expect(application!.status).toBe('Paid');
    const messages = await paidMessages();
    expect((await notify(fake.pay(orderNo))).statusCode).toBe(204);
    expect((await orderRow(orderNo)).updatedAt).toEqual(paid.updatedAt);
    expect(await paidMessages()).toBe(messages);
  });

  it('keeps every notification as it came (body, signature headers, verified or not) before acting on it', async () => {
    const kept = await t.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.provider, 'wechatpay'))
      .orderBy(providerNotifications.id);
    // forged, tampered, genuine, duplicate.
    expect(kept.map((k) => k.verified)).toEqual([false, false, true, true]);
    expect(kept.map((k) => k.orderNo)).toEqual([null, null, orderNo, orderNo]);
    expect(kept.map((k) => k.body)).toEqual(sent.map((n) => n.body));
    const lower = (h: Record<string, string>) =>
      Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [i, k] of kept.entries()) {
      const headers = lower(sent[i]!.headers);
      for (const name of [
        'wechatpay-signature',
        'wechatpay-timestamp',
        'wechatpay-nonce',
        'wechatpay-serial',
      ])
        expect(k.headers[name], name).toBe(headers[name]);
    }
  });

  it('heals a missed notification by querying the order', async () => {
    const otherApplyId = (await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.underReview),
    ))!.id;
    const missedNo = `P${Date.now()}`;
    const { payUrl } = await t.deps.gateways.payment.of('wechatpay').createPayment({
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
    fake.pay(missedNo); // the notification never arrives
    const verified = await t.call(verifyPaymentOrder, { OrderId: row!.id }, { as: t.demoUserId });
    expect(verified.body.Data.Status).toBe('Paid');
    expect(fake.requests.at(-1)!.path).toBe(`/v3/pay/transactions/out-trade-no/${missedNo}`);
  });

  it('heals a missed notification by itself: the periodic reconciliation', async () => {
    const otherApplyId = (await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.returned),
    ))!.id;
    const made = new Date();
    const lostNo = `L${made.getTime()}`;
    const { payUrl } = await t.deps.gateways.payment.of('wechatpay').createPayment({
      orderNo: lostNo,
      amountInFen: 100,
      subject: '测试',
      returnUrl: 'http://localhost:8080/views/myOrder',
    });
    await t.db.insert(paymentOrders).values({
      orderNo: lostNo,
      userId: t.demoUserId,
      applicationId: otherApplyId,
      amountInFen: 100,
      subject: '测试',
      payUrl,
      createdAt: made,
    });
    fake.pay(lostNo); // the notification never arrives
    const failures: string[] = [];
    const reconcile = (at: number) =>
      reconcilePendingOrders(t.db, t.deps.gateways.payment, new Date(at), (no, error) =>
        failures.push(`${no}: ${String(error)}`),
      );
    expect(await reconcile(made.getTime())).toBe(0); // too fresh: its notification may still come
    expect((await orderRow(lostNo)).status).toBe('Pending');
    const settledCount = await reconcile(made.getTime() + RECONCILE_AFTER_MS + 1000);
    expect(settledCount).toBe(1);
    expect((await orderRow(lostNo)).status).toBe('Paid');
    expect(failures).toEqual([]);
  });

  it('refunds a paid order: accepted, then completed', async () => {
    const gateway = t.deps.gateways.payment.of('wechatpay');
    const refundNo = `R${orderNo.slice(1)}`;
    const paid = await orderRow(orderNo);
    expect(
      await gateway.refund!({
        orderNo,
        refundNo,
        amountInFen: paid.amountInFen,
        totalInFen: paid.amountInFen,
        reason: '报名未通过审核',
      }),
    ).toBe('Refunding');
    expect(await gateway.queryRefund!({ orderNo, refundNo })).toBe('Refunded');
  });

  it('signs JSAPI arguments for WeixinJSBridge and gives Native a QR code', async () => {
    const gateway = t.deps.gateways.payment.of('wechatpay');
    const request = { amountInFen: 100, subject: '测试', returnUrl: 'http://localhost:8080/' };
    const { jsapi } = await gateway.createPayment({
      ...request,
      orderNo: `J${Date.now()}`,
      channel: 'jsapi',
      payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    expect(fake.requests.at(-1)!.body.payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    const message = weChatPayMessage(
      jsapi!.appId!,
      jsapi!.timeStamp!,
      jsapi!.nonceStr!,
      jsapi!.package!,
    );
    expect(verifyWeChatPay(weChatPay.merchantPublicKey, message, jsapi!.paySign!)).toBe(true);
    const native = await gateway.createPayment({
      ...request,
      orderNo: `N${Date.now()}`,
      channel: 'native',
    });
    expect(native.payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.requests.at(-1)!.path).toBe('/v3/pay/transactions/native');
    const h5 = await gateway.createPayment({
      ...request,
      orderNo: `H${Date.now()}`,
      channel: 'h5',
    });
    expect(fake.requests.at(-1)!.path).toBe('/v3/pay/transactions/h5');
    expect(new URL(h5.payUrl).searchParams.get('redirect_url')).toBe(request.returnUrl);
  });

  it('closes an unpaid order (the candidate chose another way); a paid one is refused', async () => {
    const gateway = t.deps.gateways.payment.of('wechatpay');
    const request = { amountInFen: 100, subject: '测试', returnUrl: 'http://localhost:8080/' };
    const openNo = `C${Date.now()}`;
    await gateway.createPayment({ ...request, orderNo: openNo, channel: 'native' });
    await gateway.closePayment!(openNo);
    expect(fake.requests.at(-1)!).toMatchObject({
      path: `/v3/pay/transactions/out-trade-no/${openNo}/close`,
      body: { mchid: MCH_ID },
    });
    expect(await gateway.queryPayment(openNo)).toEqual({ status: 'Cancelled', paidAt: null });
    const paidNo = `D${Date.now()}`;
    await gateway.createPayment({ ...request, orderNo: paidNo, channel: 'native' });
    fake.pay(paidNo);
    await expect(gateway.closePayment!(paidNo)).rejects.toThrow(/ORDERPAID/);
  });
});
