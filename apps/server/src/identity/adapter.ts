import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/client.js';
import { oidcPayloads } from '../db/schema/index.js';

/**
 * Keeps the provider's sessions, interactions and grants in the database, so they survive a
 * restart and are shared by every instance (PGlite and PostgreSQL alike).
 */
export function createDatabaseAdapterFactory(
  db: Database,
  now: () => Date = () => new Date(),
): (model: string) => Adapter {
  return (model) => {
    const byModel = (id: string) => and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id));
    const alive = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now()));

    const findWhere = async (
      condition: ReturnType<typeof eq>,
    ): Promise<AdapterPayload | undefined> => {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, model), condition, alive()))
        .limit(1);
      if (!row) return undefined;
      return row.consumedAt
        ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : row.payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
        const values = {
          payload,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresAt,
        };
        await db
          .insert(oidcPayloads)
          .values({ id, model, ...values })
          .onConflictDoUpdate({
            target: [oidcPayloads.model, oidcPayloads.id],
            set: { ...values, consumedAt: null },
          });
      },
      find: (id) => findWhere(eq(oidcPayloads.id, id)),
      findByUid: (uid) => findWhere(eq(oidcPayloads.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(oidcPayloads.userCode, userCode)),
      async consume(id) {
        await db.update(oidcPayloads).set({ consumedAt: now() }).where(byModel(id));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(byModel(id));
      },
      async revokeByGrantId(grantId) {
        // Every model issued under the grant goes, not only this adapter's.
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      },
    };
  };
}

/** Every minute: the provider's expired rows (interactions, sessions, grants…) are deleted. */
export const IDENTITY_SWEEP_SCHEDULE = '15 * * * * *';

export async function deleteExpiredPayloads(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(lte(oidcPayloads.expiresAt, now))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}
