import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeWeChatPay, type FakeWeChatPay } from './wechat-pay-fake.js';

export const MCH_ID = '1900000109';
export const APP_ID = 'wxd678efh567hg6787';
const PLATFORM_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000';

/** A merchant account at a local WeChat Pay: fresh keys, the private ones in files as deployed. */
export interface WeChatPayMerchant {
  fake: FakeWeChatPay;
  /** PAYMENT_PROVIDER=wechatpay and the WECHATPAY_* settings that point the app at the fake. */
  env: Record<string, string>;
  merchantPublicKey: KeyObject;
  close(): Promise<void>;
}

export async function startWeChatPayMerchant(): Promise<WeChatPayMerchant> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-'));
  const merchantKeyFile = path.join(keyDir, 'apiclient_key.pem');
  const platformKeyFile = path.join(keyDir, 'pub_key.pem');
  fs.writeFileSync(merchantKeyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  fs.writeFileSync(platformKeyFile, platform.publicKey.export({ type: 'spki', format: 'pem' }));
  const fake = await startFakeWeChatPay({
    mchId: MCH_ID,
    appId: APP_ID,
    apiV3Key,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformPublicKeyId: PLATFORM_KEY_ID,
  });
  return {
    fake,
    env: {
      PAYMENT_PROVIDER: 'wechatpay',
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_APP_ID: APP_ID,
      WECHATPAY_MERCHANT_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD********',
      WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: merchantKeyFile,
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: platformKeyFile,
      WECHATPAY_PLATFORM_PUBLIC_KEY_ID: PLATFORM_KEY_ID,
      WECHATPAY_BASE_URL: fake.baseUrl,
    },
    merchantPublicKey: merchant.publicKey,
    async close() {
      await fake.close();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
