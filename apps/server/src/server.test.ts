import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    // Compiling the whole server through tsx takes seconds, and far longer on a busy machine.
    timeout: 150_000,
  });
}

const START_TEST = { timeout: 180_000 };

describe('a start that is not the demo', () => {
  it(
    'refuses production without providers and keys, naming each missing setting',
    START_TEST,
    () => {
      const result = start({ NODE_ENV: 'production' });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(
        /missing PUBLIC_URL, SECRETS_FILE, PAYMENT_PROVIDERS \(wechatpay, alipay or both\), SMS_PROVIDER \(aliyun\)/,
      );
    },
  );

  it('refuses the test suite’s mode as a server', START_TEST, () => {
    const result = start({ NODE_ENV: 'test' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/PORTAL_MODE=demo/);
  });
});
