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
/** Failed sign-ins per address (many people may share one). */
const MAX_FAILURES_PER_ADDRESS = 20;

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
  /** Refused unheard: the number must wait, or the address has used up its tries (429). */
  limited?: boolean;
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
 * works again after the wait). Every try is counted before it is judged, in one atomic increment
 * per counter, so simultaneous guesses cannot all read the same count; a try refused unheard or a
 * success gives its count back.
 */
export function createAttemptLimiter(store: KeyValueStore, now: () => number = Date.now) {
  const mobileKey = (mobile: string) => `identity:failures:mobile:${mobile}`;
  const firstFailureKey = (mobile: string) => `identity:first-failure:mobile:${mobile}`;
  const addressKey = (address: string) => `identity:failures:address:${address}`;
  return {
    /** Counts this try; the seconds to wait when it may not be judged now (0 for "go ahead"). */
    async startAttempt(mobile: string, address: string): Promise<number> {
      const [byMobile, byAddress] = await Promise.all([
        store.increment(mobileKey(mobile), MOBILE_FAILURE_MEMORY_SECONDS),
        store.increment(addressKey(address), FAILURE_WINDOW_SECONDS),
      ]);
      if (byMobile === 1)
        await store.set(firstFailureKey(mobile), String(now()), MOBILE_FAILURE_MEMORY_SECONDS);
      const since = Number((await store.get(firstFailureKey(mobile))) ?? now());
      const elapsedSeconds = (now() - since) / 1000;
      const mobileWait = Math.ceil(earliestTrySeconds(byMobile) - elapsedSeconds);
      const addressWait = byAddress > MAX_FAILURES_PER_ADDRESS ? FAILURE_WINDOW_SECONDS : 0;
      const wait = Math.max(mobileWait, addressWait, 0);
      if (wait > 0)
        await Promise.all([
          store.increment(mobileKey(mobile), MOBILE_FAILURE_MEMORY_SECONDS, -1),
          store.increment(addressKey(address), FAILURE_WINDOW_SECONDS, -1),
        ]);
      return wait;
    },
    async succeeded(mobile: string, address: string): Promise<void> {
      await Promise.all([
        store.delete(mobileKey(mobile)),
        store.delete(firstFailureKey(mobile)),
        store.increment(addressKey(address), FAILURE_WINDOW_SECONDS, -1),
      ]);
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** Mobile + password; one message for every wrong combination (no account enumeration). */
export async function signInWithPassword(
  db: Database,
  limiter: AttemptLimiter,
  input: { mobile: string; password: string; address: string },
): Promise<SignInOutcome> {
  const wait = await limiter.startAttempt(input.mobile, input.address);
  if (wait > 0) return { ok: false, message: tooManyAttempts(wait), limited: true };
  const user = await findActiveUserByMobile(db, input.mobile);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH));
  if (!user || !matches) return { ok: false, message: SIGN_IN_FAILED };
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
