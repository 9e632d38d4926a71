import { Writable } from 'node:stream';
import { realPersonVerify } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_REGISTER } from '../gateways/identity/sandbox.js';
import { DEMO_MOBILE } from '../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('the log carries no personal data', () => {
  let t: TestApp;
  let log = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('logs a request by its path, and censors the known fields of any line', async () => {
    const { name, idNumber } = SANDBOX_REGISTER.find((person) => person.name === '钱七')!;
    const verify = await t.call(
      realPersonVerify,
      { Name: name, IdNumber: idNumber },
      { as: t.demoUserId },
    );
    expect(verify.status).toBe(200);
    await t.app.inject({ method: 'GET', url: `/gateways/sms/outbox?mobile=${DEMO_MOBILE}` });
    t.app.log.info({ user: { mobile: DEMO_MOBILE, idNumber } }, 'a line naming a person');

    expect(log).toContain('/gateways/sms/outbox');
    expect(log).toContain('a line naming a person');
    expect(log).not.toContain(DEMO_MOBILE);
    expect(log).not.toContain(idNumber);
    expect(log).not.toMatch(/authorization|Bearer/i);
  });
});
