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
   * A job that changes shared data runs on one instance at a time, and each scheduled time on one
   * instance only: on PostgreSQL it takes an advisory lock named after the job and then claims the
   * time in `scheduled_job_ticks`; an instance that finds the lock taken or the time claimed skips
   * that run. An embedded database lives in one process, where memory does the same.
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

/** Jobs on an embedded database, by database (its instances all live in this process): those
 * running now, and the last scheduled time each ran for. */
const onEmbedded = new WeakMap<Database, { running: Set<string>; ticks: Map<string, number> }>();

/**
 * Runs `run` unless another instance is running the job or has run it for this scheduled time
 * (`tick`; none for a run asked for now); says whether it ran.
 */
async function aloneAcrossInstances(
  db: Database,
  name: string,
  tick: Date | undefined,
  run: () => Promise<unknown>,
): Promise<boolean> {
  const client = poolOf(db);
  if (!client) {
    let embedded = onEmbedded.get(db);
    if (!embedded) onEmbedded.set(db, (embedded = { running: new Set(), ticks: new Map() }));
    const { running, ticks } = embedded;
    if (running.has(name)) return false;
    if (tick && (ticks.get(name) ?? -Infinity) >= tick.getTime()) return false;
    if (tick) ticks.set(name, tick.getTime());
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
      if (tick) {
        const claimed = await connection.query(
          `insert into scheduled_job_ticks (job, tick) values ($1, $2)
           on conflict (job) do update set tick = excluded.tick
           where scheduled_job_ticks.tick < excluded.tick
           returning job`,
          [name, tick.toISOString()],
        );
        if (claimed.rowCount === 0) return false;
      }
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
  const runOnce = (tick?: Date) => {
    underWay = (async () => {
      try {
        const ran = sharedBy
          ? await aloneAcrossInstances(sharedBy, name, tick, run)
          : (await run(), true);
        jobRuns.inc({ job: name, outcome: ran ? 'ok' : 'skipped' });
      } catch (error) {
        jobRuns.inc({ job: name, outcome: 'failed' });
        log?.error({ job: name, failure: loggableError(error) }, `${name} failed`);
      }
    })();
    return underWay;
  };
  // Every instance names a run by the time it was scheduled for, however late its timer fired.
  const job: Cron = new Cron(
    schedule,
    { timezone: BEIJING_TIME_ZONE, protect: true, unref: true },
    () => runOnce(job.previousRuns(1, new Date())[0]),
  );
  return {
    async stop() {
      job.stop();
      await underWay;
    },
    runNow: () => runOnce(),
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
