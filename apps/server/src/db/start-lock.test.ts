import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrlFor, uniqueDatabaseName } from '../testing/template-db.js';
import { openDatabase, queryRows, type DatabaseHandle } from './client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('instances starting together on one database', () => {
  const opened: DatabaseHandle[] = [];
  const dropped: string[] = [];
  afterAll(async () => {
    for (const handle of opened) await handle.close();
    for (const name of dropped)
      await adminQuery(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /** Two instances' connections to one new, empty database (one embedded database on PGlite). */
  async function twoInstances(): Promise<[DatabaseHandle, DatabaseHandle]> {
    if (inject('databaseTemplate').kind !== 'postgres') {
      const only = await openDatabase({});
      opened.push(only);
      return [only, only];
    }
    const name = uniqueDatabaseName('portal_start');
    await adminQuery(process.env.DATABASE_URL!, `CREATE DATABASE ${name}`);
    dropped.push(name);
    const url = databaseUrlFor(process.env.DATABASE_URL!, name);
    const pair = [
      await openDatabase({ databaseUrl: url }),
      await openDatabase({ databaseUrl: url }),
    ];
    opened.push(...pair);
    return pair as [DatabaseHandle, DatabaseHandle];
  }

  it('migrate one after the other: each migration once, neither fails', async () => {
    const [first, second] = await twoInstances();
    let running = 0;
    let mostAtOnce = 0;
    const start = (handle: DatabaseHandle) =>
      handle.whileStarting(async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await handle.migrate();
        await sleep(200);
        running -= 1;
        return handle.kind;
      });
    expect(await Promise.all([start(first), start(second)])).toEqual([first.kind, second.kind]);
    expect(mostAtOnce).toBe(1);
    const [counted] = await queryRows<{ applied: number; distinct: number }>(
      first.db,
      sql`select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(counted!.applied).toBeGreaterThan(8);
    expect(counted!.applied).toBe(counted!.distinct);
  });

  it('a connection held by the start lock and cut by the server fails its work, not the process', async () => {
    const [handle] = await twoInstances();
    if (handle.kind !== 'postgres') return;
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      handle.db,
      sql`select current_database() as name`,
    );
    // Every session of the database is cut while the lock's connection is checked out and idle.
    const started = handle.whileStarting(async () => {
      await adminQuery(
        process.env.DATABASE_URL!,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
      );
      await sleep(200);
    });
    await expect(started).rejects.toThrow();
    // The pool gives a new connection afterwards; no uncaught error came of the cut one.
    expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
