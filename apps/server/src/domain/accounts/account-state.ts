import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { users } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { isActiveUser } from './users.js';

/** A signed-in caller's account as every call needs it. */
export interface CallerAccount {
  id: number;
  tenantId: number;
  name: string;
}

/**
 * The state of an account every signed-in call checks (active, and then its tenant and name; or
 * closed) is kept in the shared store, so a call costs no query for it and every instance sees a
 * change at once: the change writes the new state (accountStateChanged), and a read of the
 * database fills only an empty key, so it never puts back an older state. Revoked tokens are
 * the revocation list's, in the same store (platform/token-revocation.ts).
 */
const stateKey = (userId: number) => `accounts:state:${userId}`;
/** Bounds how long an account nobody uses stays in the store; a change never waits for it. */
const STATE_TTL_SECONDS = 15 * 60;
const CLOSED = 'closed';

const stateStatement = preparedPerDatabase('account_state', (db, name) =>
  db
    .select({ tenantId: users.tenantId, name: users.name, active: sql<boolean>`${isActiveUser}` })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(name),
);

/** The state as the store keeps it; null for no such account. */
async function storedStateOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await stateStatement(db).execute({ userId });
  if (!row) return null;
  return row.active ? JSON.stringify({ tenantId: row.tenantId, name: row.name }) : CLOSED;
}

/** A signed-in caller's account, if it is still active. */
export async function findActiveCaller(
  deps: Pick<AppDeps, 'db' | 'store'>,
  userId: number,
): Promise<CallerAccount | undefined> {
  const key = stateKey(userId);
  let state = await deps.store.get(key);
  if (state === null) {
    state = await storedStateOf(deps.db, userId);
    if (state === null) return undefined;
    await deps.store.setIfAbsent(key, state, STATE_TTL_SECONDS);
  }
  if (state === CLOSED) return undefined;
  const { tenantId, name } = JSON.parse(state) as Omit<CallerAccount, 'id'>;
  return { id: userId, tenantId, name };
}

/**
 * After an account is closed or reopened, or its name or tenant changes: the store holds the
 * state the database now has, for every instance's next call.
 */
export async function accountStateChanged(
  deps: Pick<AppDeps, 'db' | 'store'>,
  userId: number,
): Promise<void> {
  const state = await storedStateOf(deps.db, userId);
  if (state === null) await deps.store.delete(stateKey(userId));
  else await deps.store.set(stateKey(userId), state, STATE_TTL_SECONDS);
}
