import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenants, users, type UserRow } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import type { KeyValueStore } from '../platform/kv-store.js';

export const SIGN_IN_FAILED = '手机号或密码不正确';
export const TOO_MANY_ATTEMPTS = '尝试次数过多，请15分钟后再试';
export const MOBILE_TAKEN = '该手机号已注册，请直接登录';

const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins allowed per number, and per address (many people may share one). */
const MAX_FAILURES_PER_MOBILE = 5;
const MAX_FAILURES_PER_ADDRESS = 20;

// Unknown numbers still cost one scrypt, so timing does not tell which numbers exist.
const DUMMY_HASH = hashPassword('not-a-real-password-0');

export interface SignInOutcome {
  ok: boolean;
  userId?: number;
  message?: string;
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
 * Limits sign-in failures per number and per address. Every try is counted as a failure before
 * it is checked, in one atomic increment per counter, so a burst of simultaneous guesses cannot
 * all read the same count; a success gives its try back (number reset, address minus one).
 * A number's refused tries stay counted, so hammering a locked number keeps it locked.
 */
export function createAttemptLimiter(store: KeyValueStore) {
  const mobileKey = (mobile: string) => `identity:failures:mobile:${mobile}`;
  const addressKey = (address: string) => `identity:failures:address:${address}`;
  return {
    /** Counts this try; false when the number or the address has used up its tries. */
    async startAttempt(mobile: string, address: string): Promise<boolean> {
      const [byMobile, byAddress] = await Promise.all([
        store.increment(mobileKey(mobile), FAILURE_WINDOW_SECONDS),
        store.increment(addressKey(address), FAILURE_WINDOW_SECONDS),
      ]);
      const allowed = byMobile <= MAX_FAILURES_PER_MOBILE && byAddress <= MAX_FAILURES_PER_ADDRESS;
      // A try refused unheard is no failure of the address: give its count back.
      if (!allowed) await store.increment(addressKey(address), FAILURE_WINDOW_SECONDS, -1);
      return allowed;
    },
    async succeeded(mobile: string, address: string): Promise<void> {
      await Promise.all([
        store.delete(mobileKey(mobile)),
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
  if (!(await limiter.startAttempt(input.mobile, input.address)))
    return { ok: false, message: TOO_MANY_ATTEMPTS };
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
