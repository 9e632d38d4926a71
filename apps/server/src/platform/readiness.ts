import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client.js';
import { countPendingMigrations } from '../db/migrations.js';
import { loggableError } from '../platform/loggable-error.js';
import type { KeyValueStore } from './kv-store.js';

/** How long a check may take before the instance counts as not ready (a probe's own limit is often 1 s). */
export const CHECK_TIME_LIMIT_MS = 1_000;

/** What each check found: no detail, no address; the log keeps the failure. */
export type CheckOutcome = 'ok' | 'failed' | 'timed out' | 'pending' | 'not checked';

export interface Readiness {
  status: 'ready' | 'not ready';
  checks: {
    database: CheckOutcome;
    /** Migrations this build ships and the database lacks: 'pending'. */
    migrations: CheckOutcome;
    /** Only when REDIS_URL is set. */
    redis?: CheckOutcome;
  };
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

class TimedOut extends Error {
  override name = 'TimedOut';
}

/**
 * One check at a time: a probe arriving while the last one still waits (a connection that hangs)
 * waits on the same one, so probes cannot pile up connections on a database that does not answer.
 */
function oneAtATime(check: () => Promise<CheckOutcome>): () => Promise<CheckOutcome> {
  let running: Promise<CheckOutcome> | undefined;
  return () => (running ??= check().finally(() => (running = undefined)));
}

/** The check's own outcome, or why it gave none in time. */
async function outcomeOf(
  name: string,
  check: () => Promise<CheckOutcome>,
  log: Log,
): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), CHECK_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([check(), limit]);
  } catch (error) {
    const outcome = error instanceof TimedOut ? 'timed out' : 'failed';
    log.warn({ check: name, outcome, failure: loggableError(error) }, 'readiness check failed');
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /readyz: the database answers `select 1`, it has every migration this build ships, and Redis
 * answers when one is configured; each within CHECK_TIME_LIMIT_MS. Asked again, it checks again:
 * a database back up makes the instance ready without a restart.
 */
export function readinessCheck(deps: {
  db: Database;
  store: KeyValueStore;
}): (log: Log) => Promise<Readiness> {
  const database = oneAtATime(async () => {
    await queryRows(deps.db, sql`select 1`);
    return 'ok';
  });
  const migrations = oneAtATime(async () =>
    (await countPendingMigrations(deps.db)) > 0 ? 'pending' : 'ok',
  );
  const redis = deps.store.redis?.client;
  const ping = redis
    ? oneAtATime(async () => {
        await redis.ping();
        return 'ok';
      })
    : undefined;
  return async (log) => {
    const [databaseOutcome, redisOutcome] = await Promise.all([
      outcomeOf('database', database, log),
      ping ? outcomeOf('redis', ping, log) : undefined,
    ]);
    const checks: Readiness['checks'] = {
      database: databaseOutcome,
      migrations:
        databaseOutcome === 'ok' ? await outcomeOf('migrations', migrations, log) : 'not checked',
      ...(redisOutcome ? { redis: redisOutcome } : {}),
    };
    const ready = Object.values(checks).every((outcome) => outcome === 'ok');
    return { status: ready ? 'ready' : 'not ready', checks };
  };
}
