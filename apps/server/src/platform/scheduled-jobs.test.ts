import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { scheduleJob, type ScheduledJob } from './scheduled-jobs.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const EVERY_SECOND = '* * * * * *';

describe('scheduled jobs', () => {
  let database: TestDatabase;
  /** A second instance's own connection to the same database (the same handle when embedded). */
  let second: DatabaseHandle;
  const jobs: ScheduledJob[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('portal_jobs');
    const pool = (database.handle.db as { $client?: unknown }).$client;
    second =
      pool instanceof pg.Pool
        ? await openDatabase({ databaseUrl: pool.options.connectionString })
        : database.handle;
  });
  afterAll(async () => {
    for (const job of jobs) await job.stop();
    if (second !== database.handle) await second.close();
    await database.close();
  });

  it('runs a shared job on one instance at a time', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const slowRun = async () => {
      running += 1;
      runs += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await sleep(1_500);
      running -= 1;
    };
    for (const handle of [database.handle, second])
      jobs.push(
        scheduleJob({ name: 'shared', schedule: EVERY_SECOND, sharedBy: handle.db, run: slowRun }),
      );
    await sleep(4_500);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(mostAtOnce).toBe(1);
  });

  it('runs each scheduled time on one instance only, however short the run', async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
    };
    const started = Date.now();
    const both = [database.handle, second].map((handle) =>
      scheduleJob({ name: 'short', schedule: EVERY_SECOND, sharedBy: handle.db, run }),
    );
    await sleep(3_300);
    await Promise.all(both.map((job) => job.stop()));
    // The whole seconds that began while both were scheduled: one run each, not two (both
    // instances running every time would make about twice as many). One second of slack: the
    // scheduler's timer and this clock can disagree about a boundary by a few milliseconds (CI
    // saw 4 runs in a measured 3).
    const times = Math.floor(Date.now() / 1000) - Math.floor(started / 1000);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(times + 1);
  });

  it('runs a job now under the same lock: two instances asking at once run it once', async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      await sleep(300);
    };
    const [one, other] = [database.handle, second].map((handle) =>
      scheduleJob({ name: 'at start', schedule: '0 0 0 1 1 *', sharedBy: handle.db, run }),
    );
    jobs.push(one!, other!);
    await Promise.all([one!.runNow(), other!.runNow()]);
    expect(runs).toBe(1);
    await one!.runNow();
    expect(runs).toBe(2);
  });
});
