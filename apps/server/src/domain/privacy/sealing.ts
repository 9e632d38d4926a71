import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  applications,
  applyDrafts,
  previewEntries,
  userApplyArchives,
  users,
} from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { blindIndex, newestDataKeyId } from '../../platform/sealed-values.js';
import { resealUploadedFiles } from '../uploads/uploads.js';

/** Rows a table gets sealed again per round: small transactions, the tables stay writable. */
export const RESEAL_BATCH = 200;

/** A sealed column whose text is not yet sealed under the newest key (or not sealed at all). */
const notUnderNewest = (column: AnyPgColumn): SQL =>
  sql`${column} not like ${`sealed:v1:${newestDataKeyId()}:%`}`;

async function resealValues(
  db: Database,
  table:
    typeof applications | typeof userApplyArchives | typeof previewEntries | typeof applyDrafts,
  key: AnyPgColumn,
): Promise<number> {
  const rows = await db
    .select({ key, values: table.values, stored: sql<string>`${table.values}` })
    .from(table)
    .where(notUnderNewest(table.values))
    .limit(RESEAL_BATCH);
  for (const row of rows)
    // Written back as read (the column seals it under the newest key), unless it changed meanwhile.
    await db
      .update(table)
      .set({ values: row.values })
      .where(and(eq(key, row.key as number), sql`${table.values} = ${row.stored}`));
  return rows.length;
}

async function resealIdNumbers(db: Database, indexKey: string): Promise<number> {
  const rows = await db
    .select({ id: users.id, idNumber: users.idNumber, stored: sql<string>`${users.idNumber}` })
    .from(users)
    .where(
      and(
        isNotNull(users.idNumber),
        or(notUnderNewest(users.idNumber), isNull(users.idNumberIndex)),
      ),
    )
    .limit(RESEAL_BATCH);
  for (const { id, idNumber, stored } of rows)
    await db
      .update(users)
      .set({ idNumber, idNumberIndex: blindIndex(indexKey, idNumber!) })
      .where(and(eq(users.id, id), sql`${users.idNumber} = ${stored}`));
  return rows.length;
}

/**
 * Seals again under the newest data key whatever is sealed under an older one (after a key
 * rotation) or not sealed at all (written before sealing began), the uploads' files included, and
 * gives such ID numbers their blind index. A row changed between the read and the write is left for
 * the next run (the change sealed it under the newest key anyway). Returns how many rows and files
 * it read; it runs until none is left.
 */
export async function resealPersonalData({
  db,
  secrets,
  gateways,
}: Pick<AppDeps, 'db' | 'secrets' | 'gateways'>): Promise<number> {
  let total = 0;
  for (;;) {
    const round =
      (await resealValues(db, applications, applications.id)) +
      (await resealValues(db, userApplyArchives, userApplyArchives.userId)) +
      (await resealValues(db, previewEntries, previewEntries.id)) +
      (await resealValues(db, applyDrafts, applyDrafts.id)) +
      (await resealIdNumbers(db, secrets.blindIndexKey)) +
      (await resealUploadedFiles(db, gateways.files));
    total += round;
    if (round === 0) return total;
  }
}
