import { getProjectPaymentOrder, PLATFORM_CODES, verifyPaymentOrder } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders } from '../../db/schema/index.js';
import { providerNotifyPath } from '../../domain/ports.js';
import { applicationOf, projectIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startAlipayMerchant, type AlipayMerchant } from './alipay-test-kit.js';
import { startWeChatPayMerchant, type WeChatPayMerchant } from './wechat-pay-test-kit.js';

const DESKTOP = { Platform: PLATFORM_CODES.other, Device: 'desktop' as const };

describe('PAYMENT_PROVIDERS=wechatpay,alipay: both providers in one deployment', () => {
  let weChatPay: WeChatPayMerchant;
  let alipay: AlipayMerchant;
  let t: TestApp;
  let applyId: number;
  const ask = (provider: 'wechatpay' | 'alipay') =>
    t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, ...DESKTOP, Provider: provider },
      { as: t.demoUserId },
    );
  const statusOf = async (orderNo: string) =>
    (await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)))[0]!.status;

  beforeAll(async () => {
    [weChatPay, alipay] = await Promise.all([startWeChatPayMerchant(), startAlipayMerchant()]);
    const { PAYMENT_PROVIDER: _one, ...weChatPayEnv } = weChatPay.env;
    t = await createTestApp({
      env: { PAYMENT_PROVIDERS: 'wechatpay,alipay', ...weChatPayEnv, ...alipay.env },
    });
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([weChatPay.close(), alipay.close()]);
  });

  it('offers both on a desktop; switching closes the order at the first provider; each is asked about its own', async () => {
    const native = await ask('wechatpay');
    expect(native.body.Data.Offers.map((o) => [o.Provider, o.Channel])).toEqual([
      ['wechatpay', 'native'],
      ['alipay', 'page'],
    ]);
    expect(native.body.Data.Pay).toMatchObject({ Kind: 'qr' });
    expect(weChatPay.fake.requests.at(-1)!.path).toBe('/v3/pay/transactions/native');

    const page = await ask('alipay');
    expect(page.body.Data).toMatchObject({ Provider: 'alipay', Channel: 'page' });
    // The WeChat Pay order was asked about, closed there, and cancelled here.
    expect(weChatPay.fake.requests.at(-1)!.path).toBe(
      `/v3/pay/transactions/out-trade-no/${native.body.Data.OrderNo}/close`,
    );
    expect(await statusOf(native.body.Data.OrderNo)).toBe('Cancelled');

    const payUrl = (page.body.Data.Pay as { Url: string }).Url;
    expect(alipay.fake.openCashier(payUrl)).toMatchObject({ method: 'alipay.trade.page.pay' });
    const notice = alipay.fake.pay(page.body.Data.OrderNo);
    const notified = await t.app.inject({
      method: 'POST',
      url: providerNotifyPath('alipay'),
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: notice,
    });
    expect(notified.body).toBe('success');
    const verified = await t.call(
      verifyPaymentOrder,
      { OrderId: page.body.Data.OrderId },
      { as: t.demoUserId },
    );
    expect(verified.body.Data).toMatchObject({ Status: 'Paid', Provider: 'alipay' });
    // Both notify routes are there.
    const weChatRoute = await t.app.inject({
      method: 'POST',
      url: providerNotifyPath('wechatpay'),
      payload: {},
    });
    expect(weChatRoute.statusCode).toBe(400);
  });
});
