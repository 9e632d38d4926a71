import { Cron } from 'croner';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { poolOf, type Database } from '../db/client.js';
import { loggableError } from './loggable-error.js';
import { jobRuns } from './metrics.js';
import { BEIJING_TIME_ZONE } from './beijing-time.js';

export interface JobOptions {
  /** Names the job in logs and in its lock. */
  name: string;
  /** A croner pattern with seconds, read in Beijing time: '*\/30 * * * * *' is every 30 s. */
  schedule: string;
  /**
   * A job that changes shared data runs on one instance at a time: on PostgreSQL it takes an
   * advisory lock named after the job, and an instance that finds it taken skips that run. An
   * embedded database lives in one process, where a lock in memory does the same.
   */
  sharedBy?: Database;
  log?: FastifyBaseLogger;
  run: () => Promise<unknown>;
}

export interface ScheduledJob {
  /** Stops the schedule; resolves once a run under way has finished. */
  stop(): Promise<void>;
  /** Runs the job now, as a scheduled run would (its lock, its logging, its metric). */
  runNow(): Promise<void>;
}

/** Jobs running on an embedded database, by database: its instances all live in this process. */
const runningOnEmbedded = new WeakMap<Database, Set<string>>();

/** Runs `run` unless another instance is running the job; says whether it ran. */
async function aloneAcrossInstances(
  db: Database,
  name: string,
  run: () => Promise<unknown>,
): Promise<boolean> {
  const client = poolOf(db);
  if (!client) {
    let running = runningOnEmbedded.get(db);
    if (!running) runningOnEmbedded.set(db, (running = new Set()));
    if (running.has(name)) return false;
    running.add(name);
    try {
      await run();
      return true;
    } finally {
      running.delete(name);
    }
  }
  // A session lock on a connection of its own, held while the job runs on the pool's others.
  const connection = await client.connect();
  const lockName = `portal-job:${name}`;
  try {
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [lockName],
    );
    if (!rows[0]?.locked) return false;
    try {
      await run();
      return true;
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [lockName]);
    }
  } finally {
    connection.release();
  }
}

/**
 * The app's one scheduler (croner): a run never overlaps the previous one (protect), a failure is
 * logged and the next run comes as planned, the timer does not keep the process alive, and a stop
 * (a shutdown) lets a run under way finish before the database pool closes.
 */
export function scheduleJob({ name, schedule, sharedBy, log, run }: JobOptions): ScheduledJob {
  let underWay: Promise<void> = Promise.resolve();
  const runOnce = () => {
    underWay = (async () => {
      try {
        const ran = sharedBy
          ? await aloneAcrossInstances(sharedBy, name, run)
          : (await run(), true);
        jobRuns.inc({ job: name, outcome: ran ? 'ok' : 'skipped' });
      } catch (error) {
        jobRuns.inc({ job: name, outcome: 'failed' });
        log?.error({ job: name, failure: loggableError(error) }, `${name} failed`);
      }
    })();
    return underWay;
  };
  const job = new Cron(
    schedule,
    { timezone: BEIJING_TIME_ZONE, protect: true, unref: true },
    runOnce,
  );
  return {
    async stop() {
      job.stop();
      await underWay;
    },
    runNow: runOnce,
  };
}

/** A job of the app: it stops, its run under way finished, when the app closes. */
export function scheduleAppJob(
  app: FastifyInstance,
  options: Omit<JobOptions, 'log'>,
): ScheduledJob {
  const job = scheduleJob({ ...options, log: app.log });
  app.addHook('onClose', () => job.stop());
  return job;
}
