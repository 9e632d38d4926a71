import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { claimDataDir } from './data-dir-claim.js';
import * as schema from './schema/index.js';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Transactions are Databases too, so every repository function takes either. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A statement with $n parameters, answered with its rows (for what speaks SQL without the schema). */
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  migrate(): Promise<void>;
  /**
   * Runs what one instance does to a database at start (migrate, seed) while no other instance
   * does: on PostgreSQL under an advisory lock, which a second instance waits for.
   */
  whileStarting<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock instances starting on one PostgreSQL database take in turn. */
export const START_LOCK = 'portal:start';

export interface DatabaseOptions {
  /** PostgreSQL when set; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; omitted means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir snapshot to start from (tests). */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, terminated backend) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', () => {});
    // A client checked out (a job's lock, the start lock) hears of it on its own: its query under
    // way fails and is handled there, the event must not crash the process either.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      query: async (text, params) => (await pool.query(text, params)).rows,
      migrate: () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      async whileStarting(work) {
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock(hashtext($1))', [START_LOCK]);
          try {
            return await work();
          } finally {
            await connection.query('select pg_advisory_unlock(hashtext($1))', [START_LOCK]);
          }
        } finally {
          connection.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? claimDataDir(options.dataDir) : () => undefined;
  const client = await PGlite.create({
    // The project search's trigram index (migration 0004).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  }).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  // One process owns an embedded database: its start work runs in turn within it.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    whileStarting(work) {
      const done = turn.then(work, work);
      turn = done.catch(() => undefined);
      return done;
    },
    close: async () => {
      await client.close();
      release();
    },
    // Tests snapshot a migrated, seeded database once and start each file from it.
    ...({ pglite: client } as object),
  };
}

export function pgliteOf(handle: DatabaseHandle): PGlite | undefined {
  return (handle as unknown as { pglite?: PGlite }).pglite;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Rows of a hand-written statement. On PostgreSQL it runs as a named prepared statement, so a hot
 * statement (the project list's) is planned once per connection rather than on every call: its
 * planning took longer than its execution. In a transaction (no $client) it goes through drizzle.
 */
/** The PostgreSQL pool behind a database handle; none for the embedded database or a transaction. */
export function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client = poolOf(db);
  if (client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = statementNames.get(text);
    if (!name) {
      name = `portal_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      if (statementNames.size > 500) statementNames.clear();
      statementNames.set(text, name);
    }
    return (await client.query({ name, text, values: params as unknown[] })).rows as T[];
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
