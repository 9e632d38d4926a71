import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, queryRows, type Database } from './client.js';
import { isUndefinedTable } from './errors.js';

let shipped: number[] | undefined;
/** When each migration this build ships was made (its journal's `when`), read once. */
const shippedMigrations = () =>
  (shipped ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map(
    (migration) => migration.folderMillis,
  ));

/**
 * How many of this build's migrations the database lacks, judged as drizzle's migrator judges (one
 * is applied when the newest it recorded is at least as recent): 0 once migrate() has run.
 */
export async function countPendingMigrations(db: Database): Promise<number> {
  let newest = -Infinity;
  try {
    const [row] = await queryRows<{ newest: string | number | null }>(
      db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    if (row?.newest != null) newest = Number(row.newest);
  } catch (error) {
    // Never migrated: drizzle's table is not there yet.
    if (!isUndefinedTable(error)) throw error;
  }
  return shippedMigrations().filter((made) => made > newest).length;
}
