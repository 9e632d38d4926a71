import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { scheduleAppJob } from './scheduled-jobs.js';

const EVERY_SECOND = '* * * * * *';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a scheduled job', () => {
  it('stops when the app closes, and the close waits for the pass under way', async () => {
    const app = Fastify();
    let passes = 0;
    let finished = 0;
    let release!: () => void;
    scheduleAppJob(app, {
      name: 'test job',
      schedule: EVERY_SECOND,
      run: async () => {
        passes += 1;
        await new Promise<void>((resolve) => (release = resolve));
        finished += 1;
      },
    });
    await app.ready();
    await vi.waitFor(() => expect(passes).toBe(1), { timeout: 3_000, interval: 20 });
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await sleep(200);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished).toBe(1);
    await sleep(1_500);
    expect(passes).toBe(1);
  });

  it('logs a failed pass and keeps to its schedule', async () => {
    const lines: { msg: string; job?: string; failure?: { message: string } }[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    let passes = 0;
    scheduleAppJob(app, {
      name: 'test job',
      schedule: EVERY_SECOND,
      run: async () => {
        passes += 1;
        if (passes === 1) throw new Error('the first pass fails');
      },
    });
    await app.ready();
    await vi.waitFor(() => expect(passes).toBe(2), { timeout: 4_000, interval: 20 });
    await app.close();
    expect(lines).toMatchObject([
      { msg: 'test job failed', job: 'test job', failure: { message: 'the first pass fails' } },
    ]);
  });
});
