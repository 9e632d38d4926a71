import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../platform/kv-store.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../testing/demo-fixtures.js';
import {
  createAttemptLimiter,
  FREE_TRIES_PER_MOBILE,
  SIGN_IN_FAILED,
  signInWithPassword,
} from './accounts.js';

describe('the per-address failure limit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('lets no more than 20 simultaneous wrong tries from one address be judged', async () => {
    const limiter = createAttemptLimiter(createMemoryStore());
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInWithPassword(database.handle.db, limiter, {
          mobile: `1390000${String(i).padStart(4, '0')}`,
          password: 'Wrong@1234',
          address: '203.0.113.9',
        }),
      ),
    );
    expect(answers.filter((a) => a.message === SIGN_IN_FAILED)).toHaveLength(20);
  });

  it('makes a number wait, longer after each failure, and never locks it: the right password works after the wait', async () => {
    let clock = Date.parse('2026-01-01T08:00:00Z');
    const limiter = createAttemptLimiter(
      createMemoryStore(() => clock),
      () => clock,
    );
    const tryWith = (password: string) =>
      signInWithPassword(database.handle.db, limiter, {
        mobile: DEMO_MOBILE,
        password,
        address: '198.51.100.7',
      });
    for (let i = 0; i < FREE_TRIES_PER_MOBILE; i++)
      expect(await tryWith('Wrong@1234')).toMatchObject({ message: SIGN_IN_FAILED });
    expect(await tryWith(DEMO_PASSWORD)).toMatchObject({
      limited: true,
      message: '尝试次数较多，请30秒后再试',
    });
    clock += 31_000;
    expect(await tryWith('Wrong@1234')).toMatchObject({ message: SIGN_IN_FAILED });
    expect(await tryWith(DEMO_PASSWORD)).toMatchObject({
      limited: true,
      // The next try is due 30 + 60 s after the first failure.
      message: '尝试次数较多，请59秒后再试',
    });
    clock += 60_000;
    expect(await tryWith(DEMO_PASSWORD)).toMatchObject({ ok: true });
    expect(await tryWith('Wrong@1234')).toMatchObject({ message: SIGN_IN_FAILED });
  });
});
