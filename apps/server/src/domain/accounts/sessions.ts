import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { oidcPayloads } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { isRevoked, revokeAccountBefore, revokeSessions } from '../../platform/token-revocation.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/tokens.js';

/** How long a provider session (the `_session` cookie) lasts without a new sign-in. */
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

/** A provider session as stored (oidc-provider's Session payload; its row id is the cookie's). */
export interface ProviderSession {
  jti: string;
  accountId?: string;
  /** When the account signed in, seconds since the epoch. */
  loginTs?: number;
  /** Per client: the `sid` every token issued in the session carries, and the grant behind it. */
  authorizations?: Record<string, { sid?: string; grantId?: string } | undefined>;
}

export const sessionIdsOf = (session: Pick<ProviderSession, 'authorizations'>): string[] =>
  Object.values(session.authorizations ?? {}).flatMap((a) => (a?.sid ? [a.sid] : []));
const grantIdsOf = (session: ProviderSession): string[] =>
  Object.values(session.authorizations ?? {}).flatMap((a) => (a?.grantId ? [a.grantId] : []));

/** Every token issued in these sessions (`sid`s) is refused from now on. */
export async function revokeTokensOfSessions(
  deps: Pick<AppDeps, 'store'>,
  sessionIds: readonly string[],
): Promise<void> {
  await revokeSessions(deps.store, sessionIds, ACCESS_TOKEN_TTL_SECONDS);
}

/** Ends provider sessions: every token issued in them is refused at once; rows and grants go. */
export async function endSessions(
  deps: Pick<AppDeps, 'db' | 'store'>,
  sessions: readonly ProviderSession[],
): Promise<void> {
  if (sessions.length === 0) return;
  await revokeTokensOfSessions(deps, sessions.flatMap(sessionIdsOf));
  const grantIds = sessions.flatMap(grantIdsOf);
  await deps.db.delete(oidcPayloads).where(
    or(
      and(
        eq(oidcPayloads.model, 'Session'),
        inArray(
          oidcPayloads.id,
          sessions.map((session) => session.jti),
        ),
      ),
      ...(grantIds.length > 0
        ? [
            and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, grantIds)),
            inArray(oidcPayloads.grantId, grantIds),
          ]
        : []),
    ),
  );
}

/**
 * A password or number change (`keep`: the session that made it, whose owner is looking at it) or
 * a closed account (no `keep`): every other session of the account ends with its tokens, and any
 * token or session of the account from before now that was missed is void as well.
 */
export async function endSessionsOfAccount(
  deps: Pick<AppDeps, 'db' | 'store' | 'now'>,
  userId: number,
  options: { keep?: string } = {},
): Promise<void> {
  await revokeAccountBefore(deps.store, userId, deps.now(), {
    keep: options.keep,
    ttlSeconds: SESSION_TTL_SECONDS,
  });
  const rows = await deps.db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, 'Session'),
        eq(sql`${oidcPayloads.payload}->>'accountId'`, String(userId)),
      ),
    );
  const sessions = rows.map((row): ProviderSession => ({ ...row.payload, jti: row.id }));
  await endSessions(
    deps,
    sessions.filter((session) => !options.keep || !sessionIdsOf(session).includes(options.keep)),
  );
}

/** Whether a provider session was ended elsewhere (it may not mint another token). */
export async function hasEnded(
  deps: Pick<AppDeps, 'store'>,
  session: Omit<ProviderSession, 'jti'>,
): Promise<boolean> {
  if (!session.accountId) return false;
  return isRevoked(deps.store, {
    userId: Number(session.accountId),
    issuedAt: session.loginTs ?? 0,
    sessionIds: sessionIdsOf(session),
  });
}
