import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.js';

const LIST = '/services/exam-flow/OpenService/v1/Project/GetProjectList';

describe('who a caller is, for the per-address limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function statusesWithForgedAddresses(app: TestApp): Promise<number[]> {
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      statuses.push(
        (
          await app.app.inject({
            method: 'GET',
            url: LIST,
            headers: { 'x-forwarded-for': address },
          })
        ).statusCode,
      );
    return statuses;
  }

  it('ignores X-Forwarded-For by default: a forged header does not dodge the limit', async () => {
    t = await createTestApp({ rateLimits: { perUserPerMinute: 2, perAddressPerMinute: 2 } });
    expect(await statusesWithForgedAddresses(t)).toEqual([200, 200, 429]);
  });

  it('believes it behind a proxy (TRUST_PROXY=on)', async () => {
    t = await createTestApp({
      rateLimits: { perUserPerMinute: 2, perAddressPerMinute: 2 },
      env: { TRUST_PROXY: 'on' },
    });
    expect(await statusesWithForgedAddresses(t)).toEqual([200, 200, 200]);
  });
});
