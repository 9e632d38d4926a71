import { generateKeyPairSync } from 'node:crypto';
import { getProjectPaymentOrder } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, providerNotifications } from '../../db/schema/index.js';
import { applicationOf, projectIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { UNVERIFIED_SAMPLE_CHARS } from '../../domain/payments/notifications.js';
import { providerNotifyPath } from '../../domain/ports.js';
import { SANDBOX_PROVIDER } from '../../gateways/payment/index.js';
import type { FakeWeChatPay } from '../../gateways/payment/wechat-pay-fake.js';
import {
  startWeChatPayMerchant,
  type WeChatPayMerchant,
} from '../../gateways/payment/wechat-pay-test-kit.js';
import {
  NOTIFY_BODY_LIMIT_BYTES,
  NOTIFY_CALLS_PER_ADDRESS_PER_MINUTE,
  UNVERIFIED_SAMPLES_PER_HOUR,
} from './provider-notify-route.js';

const NOTIFY = providerNotifyPath('wechatpay');

describe('provider callbacks cannot fill the database', () => {
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let weChatPay: WeChatPayMerchant;
  let fake: FakeWeChatPay;
  let t: TestApp;
  let address = 0;
  /** Each call from its own address unless told, so the per-address limit stays out of the way. */
  const notify = (
    notice: { headers: Record<string, string>; body: string },
    remoteAddress = `10.1.${address >> 8}.${address++ & 255}`,
  ) =>
    t.app.inject({
      method: 'POST',
      url: NOTIFY,
      headers: notice.headers,
      payload: notice.body,
      remoteAddress,
    });
  const forged = (body: string) => fake.notification(body, stranger.privateKey);
  const kept = async (verified: boolean) => {
    const result = (await t.db.execute(
      sql`select count(*)::int as rows, coalesce(sum(length(body)), 0)::int as chars,
            coalesce(max(length(body)), 0)::int as longest
          from provider_notifications where verified = ${verified}`,
    )) as unknown as { rows: { rows: number; chars: number; longest: number }[] };
    return result.rows[0]!;
  };

  beforeAll(async () => {
    weChatPay = await startWeChatPayMerchant();
    fake = weChatPay.fake;
    t = await createTestApp({ env: weChatPay.env });
  });
  afterAll(async () => {
    await t.close();
    await weChatPay?.close();
  });

  it('refuses a body over 64 KB with 413 and keeps nothing of it', async () => {
    const answers = [];
    for (const size of [NOTIFY_BODY_LIMIT_BYTES + 1, 3_100_000])
      answers.push((await notify(forged(JSON.stringify({ x: 'x'.repeat(size) })))).statusCode);
    expect(answers).toEqual([413, 413]);
    expect((await kept(false)).rows).toBe(0);
  });

  it('keeps unverified notifications only as a sample: at most its number an hour, each cut short', async () => {
    const sent = UNVERIFIED_SAMPLES_PER_HOUR + 20;
    const body = JSON.stringify({ event_type: 'TRANSACTION.SUCCESS', pad: 'p'.repeat(60_000) });
    for (let i = 0; i < sent; i++) expect((await notify(forged(body))).statusCode).toBe(400);
    const unverified = await kept(false);
    expect(unverified.rows).toBe(UNVERIFIED_SAMPLES_PER_HOUR);
    expect(unverified.longest).toBe(UNVERIFIED_SAMPLE_CHARS);
    expect(unverified.chars).toBeLessThanOrEqual(UNVERIFIED_SAMPLES_PER_HOUR * 2048);
  });

  it('keeps a verified notification in full, however long within the cap, and settles its order', async () => {
    const applyId = (await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid),
    ))!.id;
    const created = await t.call(
      getProjectPaymentOrder,
      { ApplyId: applyId, ReturnUrl: 'http://localhost:8080/views/myOrder' },
      { as: t.demoUserId },
    );
    const orderNo = created.body.Data.OrderNo;
    const genuine = JSON.parse(fake.pay(orderNo).body) as Record<string, unknown>;
    const body = JSON.stringify({ ...genuine, pad: 'v'.repeat(30_000) });
    expect((await notify(fake.notification(body))).statusCode).toBe(204);
    const [row] = await t.db
      .select()
      .from(providerNotifications)
      .where(eq(providerNotifications.verified, true));
    expect(row!.body).toBe(body);
    const [order] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, orderNo));
    expect(order!.status).toBe('Paid');
  });

  it('lets one address a minute’s worth of callbacks, then 429; another address still gets through', async () => {
    const small = forged('{}');
    const statuses = new Map<number, number>();
    for (let i = 0; i <= NOTIFY_CALLS_PER_ADDRESS_PER_MINUTE; i++) {
      const { statusCode } = await notify(small, '10.9.9.9');
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({
      400: NOTIFY_CALLS_PER_ADDRESS_PER_MINUTE,
      429: 1,
    });
    const refused = await notify(small, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ ErrMsg: '通知过于频繁，请稍后重试' });
    expect((await notify(small, '10.9.9.10')).statusCode).toBe(400);
  });
});

describe('the sandbox cashier’s callback has the same cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a body over 64 KB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: providerNotifyPath(SANDBOX_PROVIDER),
      payload: { OrderNo: 'x'.repeat(NOTIFY_BODY_LIMIT_BYTES) },
    });
    expect(response.statusCode).toBe(413);
  });
});
