import type { AddressInfo } from 'node:net';
import {
  ERROR_CODES,
  getProjectList,
  saveAnswers,
  WAITING_LINE_MESSAGE,
  type Envelope,
  type WaitingLine,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, toQuery, type TestApp } from '../testing/test-app.js';
import { callStillSending } from '../testing/held-call.js';
import { comebackWait } from './load-shedding.js';

const urlOf = (endpoint: { service: string; path: string }) =>
  `/services/${endpoint.service}${endpoint.path}`;

describe('past capacity, new calls are sent to the waiting line', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      loadLimits: { maxInFlight: 1, maxEventLoopDelayMs: 0, retryAfterSeconds: 7 },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const listProjects = () =>
    t.app.inject({ method: 'GET', url: urlOf(getProjectList), query: toQuery({ PageIndex: 1 }) });

  it('answers 503 with Retry-After and the wait in the envelope; exam answering and health still pass', async () => {
    const held = await callStillSending(port);
    const turnedAway = await listProjects();
    expect(turnedAway.statusCode).toBe(ERROR_CODES.SERVICE_UNAVAILABLE);
    expect(turnedAway.headers['retry-after']).toBe('7');
    const body = turnedAway.json() as Envelope<WaitingLine>;
    expect(body).toMatchObject({
      ErrCode: ERROR_CODES.SERVICE_UNAVAILABLE,
      ErrMsg: WAITING_LINE_MESSAGE,
      Data: { RetryAfterSeconds: 7 },
    });

    // The exam room is never turned away: unsigned, the save is refused for that, not for load.
    const save = await t.app.inject({ method: 'POST', url: urlOf(saveAnswers), payload: {} });
    expect(save.statusCode).toBe(ERROR_CODES.UNAUTHORIZED);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // Once the call in flight ends, the next one is answered.
    await held.release();
    await expect.poll(async () => (await listProjects()).statusCode).toBe(200);
  });

  it('a lagging event loop sends new calls to the line too, until it catches up', async () => {
    const lagging = await createTestApp({
      loadLimits: { maxInFlight: 1000, maxEventLoopDelayMs: 100, retryAfterSeconds: 3 },
    });
    try {
      const list = () =>
        lagging.app.inject({
          method: 'GET',
          url: urlOf(getProjectList),
          query: toQuery({ PageIndex: 1 }),
        });
      expect((await list()).statusCode).toBe(200);
      // The loop lags, as under a synchronous hot spot: slices of 150 ms of work with a turn of the
      // loop between, until a call is sent to the line. Lag that lasts is over the limit in every
      // second under-pressure averages; one freeze, averaged with a second's quiet ticks, can
      // stay under it, depending on where in that second it fell.
      let stillLagging = true;
      const lag = () => {
        if (!stillLagging) return;
        const until = Date.now() + 150;
        while (Date.now() < until) {
          // busy
        }
        setImmediate(lag);
      };
      setImmediate(lag);
      try {
        await expect.poll(async () => (await list()).statusCode, { timeout: 15_000 }).toBe(503);
      } finally {
        stillLagging = false;
      }
      await expect.poll(async () => (await list()).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await lagging.close();
    }
  });
});

describe('the wait a turned-away call is given', () => {
  it('is the configured one for a few, and the place in the line for a crowd: those waiting over the calls let in a second', () => {
    let ms = 1_000_000;
    const wait = comebackWait(5, () => ms);
    // 100 calls let in a second, for five seconds.
    for (let second = 0; second < 5; second++, ms += 1_000)
      for (let i = 0; i < 100; i++) wait.admitted();
    expect(wait.next()).toBe(5);
    // 2,000 turned away within a second: 20 s of the box's intake ahead of the last of them.
    let told = 0;
    for (let i = 1; i < 2_000; i++) told = wait.next();
    expect(told).toBe(20);
    // Still waiting five seconds on, the box having taken nobody in since: the wait grows, counted
    // at the least intake of any box (20 a second), not at none.
    ms += 5_000;
    expect(wait.next()).toBe(101);
    // Once the crowd's wait has passed and the box takes calls in again, a newcomer waits little.
    ms += 102_000;
    for (let i = 0; i < 500; i++) wait.admitted();
    expect(wait.next()).toBe(5);
  });
});
