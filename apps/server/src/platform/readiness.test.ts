import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../db/client.js';
import getPort from 'get-port';
import { adminQuery } from '../testing/template-db.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { createMemoryStore, createRedisStore } from './kv-store.js';
import { CHECK_TIME_LIMIT_MS, readinessCheck, type Readiness } from './readiness.js';

const POSTGRES_URL = process.env.DATABASE_URL;
const quiet = { warn: () => {} };

async function readyz(t: TestApp): Promise<{ status: number; body: Readiness; text: string }> {
  const response = await t.app.inject('/readyz');
  return { status: response.statusCode, body: response.json(), text: response.body };
}

/** What no answer may show: an address, a port, a scheme of a connection string. */
const CONNECTION_DETAIL = /postgres(ql)?:|redis:|127\.0\.0\.1|localhost|:\d{2,5}\b/;

describe('/readyz', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is ready on a migrated database; /healthz answers beside it', async () => {
    t = await createTestApp();
    expect(await readyz(t)).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok' } },
    });
    expect((await readyz(t)).body.checks).not.toHaveProperty('redis');
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('is not ready while the database lacks a migration this build ships, ready once it has it', async () => {
    t = await createTestApp();
    const db = t.db;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    expect(await readyz(t)).toMatchObject({
      status: 503,
      body: { status: 'not ready', checks: { database: 'ok', migrations: 'pending' } },
    });
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
    );
    expect((await readyz(t)).status).toBe(200);
  });

  // PGlite: not ready while the database does not answer in time, ready again once it does.
  const embeddedOutage = async () => {
    {
      t = await createTestApp();
      // PGlite is one connection: a transaction left open holds every other statement.
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const transaction = t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await held;
      const started = Date.now();
      const down = await readyz(t);
      expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_TIME_LIMIT_MS - 50);
      expect(down).toMatchObject({
        status: 503,
        body: { status: 'not ready', checks: { database: 'timed out', migrations: 'not checked' } },
      });
      release();
      await transaction;
      expect(await readyz(t)).toMatchObject({ status: 200, body: { status: 'ready' } });
    }
  };

  // PostgreSQL: not ready while its database refuses connections and its sessions are cut, ready
  // again when it takes them.
  const postgresOutage = async () => {
    {
      t = await createTestApp();
      const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
        t.db,
        sql`select current_database() as name`,
      );
      expect(name).toMatch(/^portal_t_\w+$/);
      expect((await readyz(t)).status).toBe(200);
      try {
        await adminQuery(POSTGRES_URL!, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await adminQuery(
          POSTGRES_URL!,
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
        );
        for (let probe = 0; probe < 3; probe++) {
          const down = await readyz(t);
          expect(down).toMatchObject({
            status: 503,
            body: {
              status: 'not ready',
              checks: { database: 'failed', migrations: 'not checked' },
            },
          });
          expect(down.text).not.toMatch(CONNECTION_DETAIL);
          expect(down.text).not.toContain(name);
        }
      } finally {
        await adminQuery(POSTGRES_URL!, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      expect(await readyz(t)).toMatchObject({ status: 200, body: { status: 'ready' } });
    }
  };

  it('is not ready while the database is unreachable, and ready again when it is back, without a restart', async () => {
    await (POSTGRES_URL ? postgresOutage() : embeddedOutage());
  });

  it(
    'with REDIS_URL: not ready while Redis is down, ready again when it is back, without a restart',
    { timeout: 60_000 },
    async () => {
      const port = await getPort({ host: '127.0.0.1' });
      const startRedis = () =>
        spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
          stdio: 'ignore',
        });
      let redis: ChildProcess = startRedis();
      try {
        const store = createRedisStore(
          `redis://127.0.0.1:${port}`,
          `portal-readyz-${process.pid}:`,
        );
        // ioredis reports each refused reconnection on stderr unless someone listens.
        store.redis!.client.on('error', () => {});
        t = await createTestApp({ store });
        const app = t;
        await vi.waitFor(async () => expect((await readyz(app)).status).toBe(200), {
          timeout: 10_000,
          interval: 100,
        });
        expect((await readyz(app)).body.checks).toEqual({
          database: 'ok',
          migrations: 'ok',
          redis: 'ok',
        });
        redis.kill('SIGKILL');
        await once(redis, 'exit');
        const down = await readyz(app);
        expect(down.status).toBe(503);
        expect(down.body.checks).toMatchObject({ database: 'ok', migrations: 'ok' });
        expect(['failed', 'timed out']).toContain(down.body.checks.redis);
        expect(down.text).not.toMatch(CONNECTION_DETAIL);
        redis = startRedis();
        await vi.waitFor(async () => expect((await readyz(app)).status).toBe(200), {
          timeout: 15_000,
          interval: 200,
        });
      } finally {
        // The app's store says goodbye to Redis when it closes: it must still be there.
        await t?.close();
        t = undefined;
        redis.kill('SIGKILL');
      }
    },
  );
});

describe('the readiness checks on their own', () => {
  it('a database never migrated lacks every migration; a closed one fails', async () => {
    const handle = await openDatabase({});
    const store = createMemoryStore();
    const check = readinessCheck({ db: handle.db, store });
    expect(await check(quiet)).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'pending' },
    });
    await handle.migrate();
    expect((await check(quiet)).status).toBe('ready');
    await handle.close();
    expect(await check(quiet)).toEqual({
      status: 'not ready',
      checks: { database: 'failed', migrations: 'not checked' },
    });
    await store.close();
  });
});
