import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeAlipay, type FakeAlipay } from './alipay-fake.js';

export const ALIPAY_APP_ID = '2021000000000001';

/** An application at a local Alipay: fresh keys, the app's private key and Alipay's public key in files. */
export interface AlipayMerchant {
  fake: FakeAlipay;
  /** The ALIPAY_* settings that point the app at the fake (PAYMENT_PROVIDERS is the caller's). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startAlipayMerchant(): Promise<AlipayMerchant> {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-'));
  const appKeyFile = path.join(keyDir, 'app_private_key.pem');
  const alipayKeyFile = path.join(keyDir, 'alipay_public_key.pem');
  fs.writeFileSync(appKeyFile, app.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  fs.writeFileSync(alipayKeyFile, alipay.publicKey.export({ type: 'spki', format: 'pem' }));
  const fake = await startFakeAlipay({
    appId: ALIPAY_APP_ID,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
  });
  return {
    fake,
    env: {
      ALIPAY_APP_ID,
      ALIPAY_APP_PRIVATE_KEY_FILE: appKeyFile,
      ALIPAY_PUBLIC_KEY_FILE: alipayKeyFile,
      ALIPAY_GATEWAY: fake.gateway,
    },
    async close() {
      await fake.close();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
