import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { equityPackages, reviewers, tenants, users } from './db/schema/index.js';
import { openPortal, type Portal } from './portal.js';
import { createSecrets } from './platform/secrets.js';
import { ALIYUN_NOTIFY_TEMPLATES } from './testing/notify-templates.js';

describe('a production start with its providers and keys', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-'));
  let portal: Portal;
  beforeAll(async () => {
    const secretsFile = path.join(dataDir, 'secrets.json');
    fs.writeFileSync(secretsFile, JSON.stringify(await createSecrets()));
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const merchantKeyFile = path.join(dataDir, 'merchant.pem');
    const platformKeyFile = path.join(dataDir, 'platform.pem');
    fs.writeFileSync(merchantKeyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    fs.writeFileSync(platformKeyFile, platform.publicKey.export({ type: 'spki', format: 'pem' }));
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
      DATA_DIR: dataDir,
      SECRETS_FILE: secretsFile,
      SMS_PROVIDER: 'aliyun',
      IDENTITY_VERIFIER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '考试报名服务平台',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ...ALIYUN_NOTIFY_TEMPLATES,
      PAYMENT_PROVIDER: 'wechatpay',
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_APP_ID: 'wx1',
      WECHATPAY_MERCHANT_SERIAL_NO: 'serial',
      WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: merchantKeyFile,
      WECHATPAY_API_V3_KEY: randomBytes(16).toString('hex'),
      WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: platformKeyFile,
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
    });
    portal = await openPortal(config);
  });
  afterAll(async () => {
    await portal?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no demo convenience: development review, account erasure ahead of time and data search, SMS outbox, sandbox cashier, WeChat sandbox', async () => {
    const answers = await Promise.all(
      [
        {
          method: 'POST' as const,
          url: '/dev/review',
          payload: { ApplyId: 1, Decision: 'approve' },
        },
        { method: 'POST' as const, url: '/dev/account-erasure', payload: { DaysLater: 16 } },
        { method: 'POST' as const, url: '/dev/data-search', payload: { Text: '13800138000' } },
        { method: 'GET' as const, url: '/gateways/sms/outbox?mobile=13800138000' },
        { method: 'GET' as const, url: '/gateways/payment/cashier?orderNo=P1&sign=x' },
        { method: 'POST' as const, url: '/gateways/payment/sandbox/notify', payload: {} },
        { method: 'GET' as const, url: '/gateways/wechat/authorize?redirect_uri=x' },
      ].map((request) => portal.app.inject(request)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
  });

  it('holds reference data and no demo data', async () => {
    expect(portal.seeded).toBe(false);
    const rows = async (
      table: typeof users | typeof reviewers | typeof tenants | typeof equityPackages,
    ) => Number((await portal.db.select({ n: count() }).from(table))[0]!.n);
    expect([await rows(users), await rows(reviewers), await rows(tenants)]).toEqual([0, 0, 0]);
    expect(await rows(equityPackages)).toBe(3);
  });
});
