import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../platform/kv-store.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { DEMO_MOBILE, DEMO_PASSWORD } from '../../testing/demo-fixtures.js';
import {
  CAPTCHA_AFTER_ADDRESS_FAILURES,
  CAPTCHA_AFTER_MOBILE_FAILURES,
  CAPTCHA_REQUIRED,
  createAttemptLimiter,
  LONGEST_ADDRESS_DELAY_MS,
  FREE_TRIES_PER_MOBILE,
  type AttemptLimiter,
} from '../../platform/attempt-limiter.js';
import { SIGN_IN_FAILED, signInWithPassword } from './sign-in.js';

describe('sign-in failure limits: no lockout of a number or of an address', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  // The accounts' shared state (a reopened account's, say): not the limiter's store.
  const store = createMemoryStore();
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  const passed = async () => true;
  const coolingOff = { now: new Date(), days: 15 };

  /** The demo user's right password from `address`: the human check first, no wait, then in. */
  async function expectSlideCheckThenSignIn(
    limiter: AttemptLimiter,
    address: string,
  ): Promise<void> {
    const unchecked = await signInWithPassword({ db: database.handle.db, store }, limiter, {
      coolingOff,
      mobile: DEMO_MOBILE,
      password: DEMO_PASSWORD,
      address,
    });
    expect(unchecked).toMatchObject({
      ok: false,
      captchaRequired: true,
      message: CAPTCHA_REQUIRED,
    });
    expect(unchecked.limited).toBeFalsy();
    expect(
      await signInWithPassword({ db: database.handle.db, store }, limiter, {
        coolingOff,
        mobile: DEMO_MOBILE,
        password: DEMO_PASSWORD,
        address,
        human: passed,
      }),
    ).toMatchObject({ ok: true });
  }

  it('an exam room behind one address still signs in after 30 of its candidates mistyped', async () => {
    const limiter = createAttemptLimiter(createMemoryStore());
    const room = '203.0.113.9';
    const wrong = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInWithPassword({ db: database.handle.db, store }, limiter, {
          coolingOff,
          mobile: `1390000${String(i).padStart(4, '0')}`,
          password: 'Wrong@1234',
          address: room,
          human: passed,
        }),
      ),
    );
    expect(wrong.every((a) => a.message === SIGN_IN_FAILED && !a.limited)).toBe(true);
    // The address now asks for the human check — of everyone behind it, and locks out no one.
    await expectSlideCheckThenSignIn(limiter, room);
    // 500 candidates of the room, each with a passed check: none is made to wait.
    const starts = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        limiter.startCheckedAttempt(`1370000${String(i).padStart(4, '0')}`, room, passed),
      ),
    );
    expect(starts.filter((s) => s.wait > 0 || s.captchaRequired)).toHaveLength(0);
  });

  it('a failing address gets slower answers, up to 2 s, never a refusal', async () => {
    const limiter = createAttemptLimiter(createMemoryStore());
    const delays: number[] = [];
    for (let i = 0; i < 40; i++) delays.push(await limiter.failed('198.51.100.99'));
    expect(delays.slice(0, CAPTCHA_AFTER_ADDRESS_FAILURES)).toEqual(
      Array(CAPTCHA_AFTER_ADDRESS_FAILURES).fill(0),
    );
    expect(delays[CAPTCHA_AFTER_ADDRESS_FAILURES]).toBeGreaterThan(0);
    expect([...delays].sort((a, b) => a - b)).toEqual(delays);
    expect(Math.max(...delays)).toBe(LONGEST_ADDRESS_DELAY_MS);
  });

  it('a number asks for the human check after 3 failures; with it, the right password works', async () => {
    const limiter = createAttemptLimiter(createMemoryStore());
    const tryWith = (password: string, human?: () => Promise<boolean>) =>
      signInWithPassword({ db: database.handle.db, store }, limiter, {
        coolingOff,
        mobile: DEMO_MOBILE,
        password,
        address: `198.51.100.${Math.floor(Math.random() * 200)}`,
        human,
      });
    for (let i = 1; i <= CAPTCHA_AFTER_MOBILE_FAILURES; i++)
      expect(await tryWith('Wrong@1234')).toMatchObject({
        message: SIGN_IN_FAILED,
        captchaRequired: i === CAPTCHA_AFTER_MOBILE_FAILURES,
      });
    expect(await tryWith(DEMO_PASSWORD)).toMatchObject({ ok: false, captchaRequired: true });
    expect(await tryWith(DEMO_PASSWORD, async () => false)).toMatchObject({
      ok: false,
      message: CAPTCHA_REQUIRED,
    });
    expect(await tryWith(DEMO_PASSWORD, passed)).toMatchObject({ ok: true });
    // A success forgets the failures: no check is asked for next time.
    expect(await tryWith(DEMO_PASSWORD)).toMatchObject({ ok: true });
  });

  it('makes a number wait at an address, longer after each failure, and never locks it: the right password works after the wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse('2026-01-01T08:00:00Z'));
      const limiter = createAttemptLimiter(createMemoryStore());
      const tryWith = (password: string) =>
        signInWithPassword({ db: database.handle.db, store }, limiter, {
          coolingOff,
          mobile: DEMO_MOBILE,
          password,
          address: '198.51.100.7',
          human: passed,
        });
      for (let i = 0; i < FREE_TRIES_PER_MOBILE; i++)
        expect(await tryWith('Wrong@1234')).toMatchObject({ message: SIGN_IN_FAILED });
      expect(await tryWith(DEMO_PASSWORD)).toMatchObject({
        limited: true,
        message: '尝试次数较多，请30秒后再试',
      });
      vi.advanceTimersByTime(31_000);
      expect(await tryWith('Wrong@1234')).toMatchObject({ message: SIGN_IN_FAILED });
      expect(await tryWith(DEMO_PASSWORD)).toMatchObject({
        limited: true,
        // The next try is due 30 + 60 s after the first failure.
        message: '尝试次数较多，请59秒后再试',
      });
      vi.advanceTimersByTime(60_000);
      expect(await tryWith(DEMO_PASSWORD)).toMatchObject({ ok: true });
      expect(await tryWith('Wrong@1234')).toMatchObject({ message: SIGN_IN_FAILED });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a stranger's wrong passwords from another address never make the owner wait: the human check lets the owner in", async () => {
    const limiter = createAttemptLimiter(createMemoryStore());
    const stranger = '203.0.113.66';
    const owner = '198.51.100.8';
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        await signInWithPassword({ db: database.handle.db, store }, limiter, {
          coolingOff,
          mobile: DEMO_MOBILE,
          password: 'Wrong@1234',
          address: stranger,
          human: passed,
        }),
      );
    // The stranger's own address waits, longer after each failure.
    expect(answers.slice(FREE_TRIES_PER_MOBILE).every((a) => a.limited)).toBe(true);
    await expectSlideCheckThenSignIn(limiter, owner);
  });
});
