import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { isActiveUser } from './users.js';

const DAY_MS = 24 * 3600_000;

/** The cooling-off of an account closed at `closedAt`: its data is erased from this time on. */
export const erasureDueAt = (closedAt: Date, coolingOffDays: number): Date =>
  new Date(closedAt.getTime() + coolingOffDays * DAY_MS);

/** Accounts closed before this time are past their cooling-off. */
export const coolingOffCutoff = (now: Date, coolingOffDays: number): Date =>
  new Date(now.getTime() - coolingOffDays * DAY_MS);

/** Which closing accounts are still in their cooling-off (closed, not erased, not yet due). */
export interface CoolingOff {
  now: Date;
  days: number;
}

/**
 * The account closed with this number and still in its cooling-off, when no active account holds
 * the number now (one that signed up with it since is the one that signs in). The latest closing
 * when there are several.
 */
export async function findClosingAccountByMobile(
  db: Database,
  mobile: string,
  coolingOff: CoolingOff,
): Promise<UserRow | undefined> {
  const [active] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), isActiveUser))
    .limit(1);
  if (active) return undefined;
  const [closing] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.closedMobile, mobile),
        eq(users.status, 'closed'),
        isNull(users.erasedAt),
        gt(users.closedAt, coolingOffCutoff(coolingOff.now, coolingOff.days)),
      ),
    )
    .orderBy(desc(users.closedAt))
    .limit(1);
  return closing;
}

/**
 * Signing in within the cooling-off cancels the closing: the account is active again with its
 * number (WeChat stays unbound: it is bound again from my/bindWeChatAccount). Its real name stays
 * verified unless another account verified the same ID number meanwhile. False when the number
 * was taken in the meantime.
 */
export async function reopenClosingAccount(db: Database, closing: UserRow): Promise<boolean> {
  if (!closing.closedMobile) return false;
  try {
    return await db.transaction(async (txDb) => {
      const tx = txDb as Database;
      const [verifiedElsewhere] =
        closing.isRealName && closing.idNumberIndex
          ? await tx
              .select({ id: users.id })
              .from(users)
              .where(
                and(
                  eq(users.idNumberIndex, closing.idNumberIndex),
                  eq(users.isRealName, true),
                  isActiveUser,
                  ne(users.id, closing.id),
                ),
              )
              .limit(1)
          : [];
      const reopened = await tx
        .update(users)
        .set({
          status: 'active',
          mobile: closing.closedMobile,
          closedMobile: null,
          closedAt: null,
          ...(verifiedElsewhere ? { isRealName: false } : {}),
        })
        .where(and(eq(users.id, closing.id), eq(users.status, 'closed'), isNull(users.erasedAt)))
        .returning({ id: users.id });
      return reopened.length === 1;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** What the sign-in says to the owner of an account whose closing it cancelled. */
export const CLOSING_CANCELLED = '您的账号注销申请已撤销';
