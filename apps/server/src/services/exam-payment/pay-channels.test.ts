import { getProjectPaymentOrder, PLATFORM_CODES, verifyPaymentOrder } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, users } from '../../db/schema/index.js';
import { PAY_GUIDES } from '../../domain/payments/channels.js';
import { SANDBOX_WECHAT_PAY_PATH } from '../../gateways/payment/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';

const IN_WECHAT = { Platform: PLATFORM_CODES.weChat, Device: 'mobile' as const };
const DESKTOP = { Platform: PLATFORM_CODES.other, Device: 'desktop' as const };
const PHONE = { Platform: PLATFORM_CODES.other, Device: 'mobile' as const };

describe('GetProjectPaymentOrder: the channel for where the candidate is, in the sandbox', () => {
  let t: TestApp;
  let wangFang: number;
  let applyId: number;
  const ask = (input: Record<string, unknown>) =>
    t.call(getProjectPaymentOrder, { ApplyId: applyId, ...input } as never, { as: wangFang });
  const payInWeChat = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: SANDBOX_WECHAT_PAY_PATH, payload });

  beforeAll(async () => {
    t = await createTestApp();
    wangFang = await userIdOf(t.db, '13900139000');
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    applyId = (await applicationOf(t.db, wangFang, projectId))!.id;
  });
  afterAll(() => t.close());

  it('in a phone browser offers H5 and wap and waits for the choice; Alipay opens its cashier', async () => {
    const waiting = await ask(PHONE);
    expect(waiting.status).toBe(200);
    expect(waiting.body.Data).toMatchObject({ Provider: null, Pay: null, Status: 'Pending' });
    expect(waiting.body.Data.Offers.map((o) => o.Channel)).toEqual(['h5', 'wap']);
    const alipay = await ask({ ...PHONE, Provider: 'alipay' });
    expect(alipay.body.Data).toMatchObject({
      OrderNo: waiting.body.Data.OrderNo, // never at a provider: the same number
      Provider: 'alipay',
      Channel: 'wap',
      Pay: { Kind: 'redirect' },
    });
    const pay = alipay.body.Data.Pay as { Url: string };
    const cashier = await t.app.inject({
      method: 'GET',
      url: new URL(pay.Url).pathname + new URL(pay.Url).search,
    });
    expect(cashier.body).toContain('支付宝 · 收银台');
  });

  it('inside WeChat without a bound WeChat says so and what to do; Alipay is only a guide', async () => {
    const answer = await ask(IN_WECHAT);
    expect(answer.body.Data.Offers).toEqual([
      { Provider: 'wechatpay', Channel: null, Guide: PAY_GUIDES.weChatNotBound },
      { Provider: 'alipay', Channel: null, Guide: PAY_GUIDES.alipayInWeChat },
    ]);
    const refused = await ask({ ...IN_WECHAT, Provider: 'wechatpay' });
    expect([refused.status, refused.body.ErrMsg]).toEqual([409, PAY_GUIDES.weChatNotBound]);
    const alipay = await ask({ ...IN_WECHAT, Provider: 'alipay' });
    expect([alipay.status, alipay.body.ErrMsg]).toEqual([409, PAY_GUIDES.alipayInWeChat]);
  });

  it('inside WeChat pays by JSAPI with the bound openid; the wap order is closed; a forged paySign is refused', async () => {
    await t.db
      .update(users)
      .set({ weChatOpenId: 'oSandboxWangFang0000000000000', weChatBindAt: new Date() })
      .where(eq(users.id, wangFang));
    const before = (await ask(PHONE)).body.Data;
    const jsapi = await ask({ ...IN_WECHAT, Provider: 'wechatpay' });
    expect(jsapi.body.Data).toMatchObject({ Provider: 'wechatpay', Channel: 'jsapi' });
    expect(jsapi.body.Data.OrderNo).not.toBe(before.OrderNo);
    const [closed] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, before.OrderNo));
    expect(closed!.status).toBe('Cancelled');
    const pay = jsapi.body.Data.Pay as { Kind: string; Params: Record<string, string> };
    expect(pay.Kind).toBe('wechat-jsapi');
    expect(pay.Params).toMatchObject({
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    });
    // Asked again inside WeChat: the same order and arguments.
    expect((await ask(IN_WECHAT)).body.Data.Pay).toEqual(pay);

    const forged = await payInWeChat({
      ...pay.Params,
      paySign: Buffer.from('x').toString('base64'),
    });
    expect(forged.statusCode).toBe(400);
    expect((await payInWeChat(pay.Params)).statusCode).toBe(200);
    const verified = await t.call(
      verifyPaymentOrder,
      { OrderId: jsapi.body.Data.OrderId },
      { as: wangFang },
    );
    expect(verified.body.Data.Status).toBe('Paid');
  });

  it('on a desktop answers a Native code URL that the payer’s WeChat settles', async () => {
    const other = await userIdOf(t.db, '13800138000');
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid);
    const theirs = (await applicationOf(t.db, other, projectId))!.id;
    const native = await t.call(
      getProjectPaymentOrder,
      { ApplyId: theirs, ...DESKTOP, Provider: 'wechatpay' },
      { as: other },
    );
    expect(native.body.Data.Offers.map((o) => o.Channel)).toEqual(['native', 'page']);
    const pay = native.body.Data.Pay as { Kind: string; CodeUrl: string };
    expect(pay.Kind).toBe('qr');
    expect(pay.CodeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=wx\w+$/);
    expect((await payInWeChat({ codeUrl: pay.CodeUrl })).statusCode).toBe(200);
    const verified = await t.call(
      verifyPaymentOrder,
      { OrderId: native.body.Data.OrderId },
      { as: other },
    );
    expect(verified.body.Data.Status).toBe('Paid');
  });
});
