import type { KeyValueStore } from './kv-store.js';
import type { VerifiedToken } from './tokens.js';

/**
 * The revocation list of access tokens, in the shared store so every instance refuses the same
 * tokens: a provider session (`sid`) that ended, and per account a time before which its tokens
 * (and sign-ins) no longer count, but for the one session that made the change.
 */
const sessionKey = (sessionId: string) => `tokens:revoked:session:${sessionId}`;
const accountKey = (userId: number) => `tokens:revoked:account:${userId}`;

interface AccountCut {
  /** Seconds since the epoch: what was issued (or signed in) earlier is void. */
  before: number;
  /** The session that made the change and stays. */
  keep?: string;
}

/** Every token issued in these sessions is refused for `ttlSeconds` (the longest one may live). */
export async function revokeSessions(
  store: KeyValueStore,
  sessionIds: readonly string[],
  ttlSeconds: number,
): Promise<void> {
  await Promise.all(sessionIds.map((id) => store.set(sessionKey(id), '1', ttlSeconds)));
}

/** Everything of the account issued before `at` is void, except in the session `keep`. */
export async function revokeAccountBefore(
  store: KeyValueStore,
  userId: number,
  at: Date,
  options: { keep?: string; ttlSeconds: number },
): Promise<void> {
  const cut: AccountCut = { before: Math.floor(at.getTime() / 1000), keep: options.keep };
  await store.set(accountKey(userId), JSON.stringify(cut), options.ttlSeconds);
}

/**
 * Whether something of the account, issued at `issuedAt` (seconds) in the sessions `sessionIds`,
 * has been revoked: an access token, or a provider session about to mint one.
 */
export async function isRevoked(
  store: KeyValueStore,
  issued: { userId: number; issuedAt: number; sessionIds: readonly string[] },
): Promise<boolean> {
  const [cutText, ...ended] = await Promise.all([
    store.get(accountKey(issued.userId)),
    ...issued.sessionIds.map((id) => store.get(sessionKey(id))),
  ]);
  if (ended.some((value) => value !== null)) return true;
  if (!cutText) return false;
  const cut = JSON.parse(cutText) as AccountCut;
  return (
    issued.issuedAt < cut.before &&
    !(cut.keep !== undefined && issued.sessionIds.includes(cut.keep))
  );
}

/** Whether a verified access token has been revoked. */
export function isTokenRevoked(store: KeyValueStore, token: VerifiedToken): Promise<boolean> {
  return isRevoked(store, {
    userId: token.userId,
    issuedAt: token.issuedAt,
    sessionIds: token.sessionId ? [token.sessionId] : [],
  });
}
