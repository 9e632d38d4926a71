import type { FileStore } from '../../domain/ports.js';

/**
 * A statement with its parameters, answered with its rows: the database handle's own `query`
 * (db/client.ts). A gateway reads no table through the app's schema, so the file store gets only
 * this and speaks SQL to its one table, `stored_files` (migration 0008).
 */
export type SqlQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** Names listed per statement by namesStoredBefore. */
const PAGE = 500;

/** PostgreSQL: shared by every instance on the database (FILE_STORE=postgres). */
export function createPostgresFileStore(query: SqlQuery): FileStore {
  return {
    async put(name, bytes) {
      const rows = await query(
        'insert into stored_files (name, bytes) values ($1, $2) on conflict (name) do nothing returning name',
        [name, bytes],
      );
      return rows.length === 1;
    },
    async get(name) {
      const [row] = await query('select bytes from stored_files where name = $1', [name]);
      return row ? Buffer.from(row.bytes as Uint8Array) : null;
    },
    async delete(name) {
      const rows = await query('delete from stored_files where name = $1 returning name', [name]);
      return rows.length === 1;
    },
    async *namesStoredBefore(cutoff) {
      let after = '';
      for (;;) {
        const rows = await query(
          'select name from stored_files where created_at < $1 and name > $2 order by name limit $3',
          [cutoff.toISOString(), after, PAGE],
        );
        for (const row of rows) yield row.name as string;
        if (rows.length < PAGE) return;
        after = rows[rows.length - 1]!.name as string;
      }
    },
  };
}
