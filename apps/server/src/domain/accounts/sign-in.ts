import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tenants, users, type UserRow } from '../../db/schema/index.js';
import { hashPassword, passwordLine, verifyPassword } from './passwords.js';
import { isActiveUser } from './users.js';
import { accountStateChanged } from './account-state.js';
import type { AppDeps } from '../../platform/deps.js';
import { LineFull } from '../../platform/work-line.js';
import { findClosingAccountByMobile, reopenClosingAccount, type CoolingOff } from './closing.js';
import { acceptPolicies } from '../privacy/consents.js';
import {
  CAPTCHA_REQUIRED,
  tooManyAttempts,
  type AttemptLimiter,
} from '../../platform/attempt-limiter.js';

export const SIGN_IN_FAILED = '手机号或密码不正确';
export const MOBILE_TAKEN = '该手机号已注册，请直接登录';

// Unknown numbers still cost one scrypt, so timing does not tell which numbers exist.
const DUMMY_HASH = hashPassword('not-a-real-password-0');

export interface SignInOutcome {
  ok: boolean;
  userId?: number;
  message?: string;
  /** Refused unheard: the number must wait (429). */
  limited?: boolean;
  /** The next try must come with a passed human check. */
  captchaRequired?: boolean;
  /** The account was closing: this sign-in cancelled it (the page says so). */
  reopened?: boolean;
}

/**
 * The account a proven owner of `mobile` signs in to: the active one, else one closed with it and
 * still in its cooling-off (its closing is cancelled by the sign-in, see `signedInAs`).
 */
export async function findSignInAccountByMobile(
  db: Database,
  mobile: string,
  coolingOff: CoolingOff,
): Promise<{ user: UserRow; closing: boolean } | undefined> {
  const active = await findActiveUserByMobile(db, mobile);
  if (active) return { user: active, closing: false };
  const closing = await findClosingAccountByMobile(db, mobile, coolingOff);
  return closing ? { user: closing, closing: true } : undefined;
}

/** The outcome of a proven sign-in: a closing account is reopened first. */
export async function signedInAs(
  deps: Pick<AppDeps, 'db' | 'store'>,
  account: { user: UserRow; closing: boolean },
): Promise<SignInOutcome> {
  if (!account.closing) return { ok: true, userId: account.user.id };
  if (!(await reopenClosingAccount(deps.db, account.user)))
    return { ok: false, message: SIGN_IN_FAILED };
  await accountStateChanged(deps, account.user.id);
  return { ok: true, userId: account.user.id, reopened: true };
}

/** An account that may sign in: an active user (users.ts's one rule) still holding its number. */
const canSignIn = and(isActiveUser, isNotNull(users.mobile));

async function findSignInAccount(db: Database, which: SQL): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(and(which, canSignIn)).limit(1);
  return user;
}

export async function findActiveUserById(db: Database, id: number): Promise<UserRow | undefined> {
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return findSignInAccount(db, eq(users.id, id));
}

export const findActiveUserByMobile = (db: Database, mobile: string) =>
  findSignInAccount(db, eq(users.mobile, mobile));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mobile + password; one message for every wrong combination (no account enumeration). `human`
 * judges the human check sent with the try, when one was (see startCheckedAttempt).
 */
export async function signInWithPassword(
  deps: Pick<AppDeps, 'db' | 'store'>,
  limiter: AttemptLimiter,
  input: {
    mobile: string;
    password: string;
    address: string;
    human?: () => Promise<boolean>;
    /** A closing account in its cooling-off signs in too, and its closing is cancelled. */
    coolingOff: CoolingOff;
  },
): Promise<SignInOutcome> {
  // Turned away before anything is counted when the line of password checks is full.
  passwordLine.admit();
  const start = await limiter.startCheckedAttempt(input.mobile, input.address, input.human);
  if (start.wait > 0)
    return {
      ok: false,
      message: tooManyAttempts(start.wait),
      limited: true,
      captchaRequired: start.captchaRequired,
    };
  if (start.captchaRequired) return { ok: false, message: CAPTCHA_REQUIRED, captchaRequired: true };
  const account = await findSignInAccountByMobile(deps.db, input.mobile, input.coolingOff);
  let matches: boolean;
  try {
    matches = await verifyPassword(
      input.password,
      account?.user.passwordHash ?? (await DUMMY_HASH),
    );
  } catch (error) {
    // Filled meanwhile: the try was counted but never judged.
    if (error instanceof LineFull) await limiter.unheard(input.mobile, input.address);
    throw error;
  }
  if (!account || !matches) {
    await pause(await limiter.failed(input.address));
    const captchaRequired = await limiter.needsCaptcha(input.mobile, input.address);
    return { ok: false, message: SIGN_IN_FAILED, captchaRequired };
  }
  await limiter.succeeded(input.mobile, input.address);
  return signedInAs(deps, account);
}

/** A new account in the first tenant; refuses a number that already has a live account. */
export async function createUser(
  db: Database,
  input: {
    mobile: string;
    name: string;
    password: string;
    /** The agreement and the privacy policy were accepted, at this time from this address. */
    agreed: { address: string | null; at: Date };
  },
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
    await acceptPolicies(tx as Database, {
      userId: created.id,
      kinds: ['user-agreement', 'privacy-policy'],
      ...input.agreed,
    });
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
