import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenants, users, type UserRow } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import type { KeyValueStore } from '../platform/kv-store.js';

export const SIGN_IN_FAILED = '手机号或密码不正确';
/** A number past its free tries waits before the next one; the wait grows with every failure. */
export const tooManyAttempts = (seconds: number) =>
  `尝试次数较多，请${seconds >= 120 ? `${Math.ceil(seconds / 60)}分钟` : `${seconds}秒`}后再试`;
export const MOBILE_TAKEN = '该手机号已注册，请直接登录';

const FAILURE_WINDOW_SECONDS = 15 * 60;
/** A number's failures are remembered this long (a success forgets them). */
const MOBILE_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
/** Tries a number gets at once; after them, waits of 30 s, 60 s, 120 s … up to 15 minutes. */
export const FREE_TRIES_PER_MOBILE = 5;
const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 15 * 60;
/**
 * A whole school may sit behind one address, so an address is never locked: past a few failures
 * a password try needs a passed slide check — from that number, or from that address — and a
 * failure from an address that keeps failing is answered a little later each time.
 */
export const CAPTCHA_AFTER_MOBILE_FAILURES = 3;
export const CAPTCHA_AFTER_ADDRESS_FAILURES = 10;
const ADDRESS_DELAY_STEP_MS = 100;
export const LONGEST_ADDRESS_DELAY_MS = 2000;
export const CAPTCHA_REQUIRED = '请先完成滑动验证后再登录';

/** Seconds from a number's first failure before its try number `n` may be judged. */
function earliestTrySeconds(n: number): number {
  let total = 0;
  for (let k = 1; k <= n - FREE_TRIES_PER_MOBILE; k++)
    total += Math.min(FIRST_WAIT_SECONDS * 2 ** (k - 1), LONGEST_WAIT_SECONDS);
  return total;
}

// Unknown numbers still cost one scrypt, so timing does not tell which numbers exist.
const DUMMY_HASH = hashPassword('not-a-real-password-0');

export interface SignInOutcome {
  ok: boolean;
  userId?: number;
  message?: string;
  /** Refused unheard: the number must wait (429). */
  limited?: boolean;
  /** The next try must come with a passed slide check. */
  captchaRequired?: boolean;
}

/** An account that may sign in: active and still holding its number. */
export function canSignIn(user: Pick<UserRow, 'status' | 'mobile'>): boolean {
  return user.status === 'active' && user.mobile !== null;
}

export async function findActiveUserById(db: Database, id: number): Promise<UserRow | undefined> {
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user && canSignIn(user) ? user : undefined;
}

export async function findActiveUserByMobile(
  db: Database,
  mobile: string,
): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return user && canSignIn(user) ? user : undefined;
}

/**
 * Limits sign-in failures per number and per address, without locking anybody out: a number gets
 * FREE_TRIES_PER_MOBILE tries at once, then waits that grow with each failure (the right password
 * works again after the wait). Every try of a number is counted before it is judged, in one atomic
 * increment, so simultaneous guesses cannot all read the same count; a try refused unheard or a
 * success gives its count back. An address is never made to wait: its failures (counted
 * atomically as they happen) only ask for a slide check and slow the answers to further failures.
 */
export function createAttemptLimiter(store: KeyValueStore, now: () => number = Date.now) {
  const mobileKey = (mobile: string) => `identity:failures:mobile:${mobile}`;
  const firstFailureKey = (mobile: string) => `identity:first-failure:mobile:${mobile}`;
  const addressKey = (address: string) => `identity:failures:address:${address}`;
  const giveBack = (mobile: string) =>
    store.increment(mobileKey(mobile), MOBILE_FAILURE_MEMORY_SECONDS, -1);
  /** Counts this try of the number; how many it has made, and the seconds it must wait. */
  const count = async (mobile: string) => {
    const byMobile = await store.increment(mobileKey(mobile), MOBILE_FAILURE_MEMORY_SECONDS);
    if (byMobile === 1)
      await store.set(firstFailureKey(mobile), String(now()), MOBILE_FAILURE_MEMORY_SECONDS);
    const since = Number((await store.get(firstFailureKey(mobile))) ?? now());
    const elapsedSeconds = (now() - since) / 1000;
    return {
      byMobile,
      wait: Math.max(Math.ceil(earliestTrySeconds(byMobile) - elapsedSeconds), 0),
    };
  };
  return {
    /** Counts this try; the seconds to wait when it may not be judged now (0 for "go ahead"). */
    async startAttempt(mobile: string, _address: string): Promise<number> {
      const { wait } = await count(mobile);
      if (wait > 0) await giveBack(mobile);
      return wait;
    },
    /**
     * A password try: as startAttempt, and past a few failures of the number or the address it
     * must come with a passed slide check (`human` spends it; absent when none was done).
     */
    async startCheckedAttempt(
      mobile: string,
      address: string,
      human: (() => Promise<boolean>) | undefined,
    ): Promise<{ wait: number; captchaRequired: boolean }> {
      const [{ byMobile, wait }, byAddress] = await Promise.all([
        count(mobile),
        store.get(addressKey(address)).then(Number),
      ]);
      const captchaRequired =
        byMobile > CAPTCHA_AFTER_MOBILE_FAILURES || byAddress >= CAPTCHA_AFTER_ADDRESS_FAILURES;
      const refused = wait > 0 || (captchaRequired && !(human && (await human())));
      if (refused) await giveBack(mobile);
      return { wait: refused ? wait : 0, captchaRequired: refused && captchaRequired };
    },
    /** Whether the next password try of the number, from the address, needs a slide check. */
    async needsCaptcha(mobile: string, address: string): Promise<boolean> {
      const [byMobile, byAddress] = await Promise.all([
        store.get(mobileKey(mobile)).then(Number),
        store.get(addressKey(address)).then(Number),
      ]);
      return (
        byMobile >= CAPTCHA_AFTER_MOBILE_FAILURES || byAddress >= CAPTCHA_AFTER_ADDRESS_FAILURES
      );
    },
    /** A failed try from an address: how long to hold its answer (more the more it fails). */
    async failed(address: string): Promise<number> {
      const failures = await store.increment(addressKey(address), FAILURE_WINDOW_SECONDS);
      return Math.min(
        Math.max(failures - CAPTCHA_AFTER_ADDRESS_FAILURES, 0) * ADDRESS_DELAY_STEP_MS,
        LONGEST_ADDRESS_DELAY_MS,
      );
    },
    async succeeded(mobile: string, _address: string): Promise<void> {
      await Promise.all([store.delete(mobileKey(mobile)), store.delete(firstFailureKey(mobile))]);
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mobile + password; one message for every wrong combination (no account enumeration). `human`
 * judges the slide check sent with the try, when one was (see startCheckedAttempt).
 */
export async function signInWithPassword(
  db: Database,
  limiter: AttemptLimiter,
  input: {
    mobile: string;
    password: string;
    address: string;
    human?: () => Promise<boolean>;
  },
): Promise<SignInOutcome> {
  const start = await limiter.startCheckedAttempt(input.mobile, input.address, input.human);
  if (start.wait > 0)
    return {
      ok: false,
      message: tooManyAttempts(start.wait),
      limited: true,
      captchaRequired: start.captchaRequired,
    };
  if (start.captchaRequired) return { ok: false, message: CAPTCHA_REQUIRED, captchaRequired: true };
  const user = await findActiveUserByMobile(db, input.mobile);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH));
  if (!user || !matches) {
    await pause(await limiter.failed(input.address));
    const captchaRequired = await limiter.needsCaptcha(input.mobile, input.address);
    return { ok: false, message: SIGN_IN_FAILED, captchaRequired };
  }
  await limiter.succeeded(input.mobile, input.address);
  return { ok: true, userId: user.id };
}

/** A new account in the first tenant; refuses a number that already has a live account. */
export async function createUser(
  db: Database,
  input: { mobile: string; name: string; password: string },
): Promise<{ ok: true; userId: number } | { ok: false; message: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, input.mobile))
      .limit(1);
    if (taken) return { ok: false as const, message: MOBILE_TAKEN };
    const [tenant] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .orderBy(asc(tenants.id))
      .limit(1);
    if (!tenant) throw new Error('no tenant to sign up into');
    const [created] = await tx
      .insert(users)
      .values({ tenantId: tenant.id, mobile: input.mobile, name: input.name, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) return { ok: false as const, message: MOBILE_TAKEN };
    return { ok: true as const, userId: created.id };
  });
}

/** Forgot password: a new password for the live account of a number whose code was verified. */
export async function resetPassword(
  db: Database,
  input: { mobile: string; password: string },
): Promise<boolean> {
  const user = await findActiveUserByMobile(db, input.mobile);
  if (!user) return false;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password) })
    .where(eq(users.id, user.id));
  return true;
}
