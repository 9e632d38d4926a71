import { getProjectList } from '@portal/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { createMemoryStore } from './kv-store.js';
import { jobRuns, rateLimitRefusals } from './metrics.js';
import { count, counterFor } from './rate-limits.js';
import { scheduleJob } from './scheduled-jobs.js';

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';

async function metricsOf(
  t: TestApp,
  options: { authorization?: string; remoteAddress?: string } = {},
) {
  const response = await t.app.inject({
    url: '/metrics',
    headers: options.authorization ? { authorization: options.authorization } : {},
    remoteAddress: options.remoteAddress,
  });
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    text: response.body,
  };
}

const valueOf = async (
  metric: typeof jobRuns | typeof rateLimitRefusals,
  labels: Record<string, string>,
) =>
  (await metric.get()).values.find((value) =>
    Object.entries(labels).every(
      ([name, label]) => (value.labels as Record<string, unknown>)[name] === label,
    ),
  )?.value ?? 0;

describe('/metrics', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is Prometheus text with a request-duration histogram per route and status', async () => {
    t = await createTestApp();
    expect((await t.call(getProjectList, { PageIndex: 1, PageSize: 10 })).status).toBe(200);
    await t.app.inject('/services/exam-flow/OpenService/v1/Nope/Nothing');
    const metrics = await metricsOf(t);
    expect(metrics.status).toBe(200);
    expect(metrics.type).toContain('text/plain; version=0.0.4');
    // The +Inf bucket counts every request however slow (a first request on a busy machine).
    expect(metrics.text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/services\/exam-flow\/OpenService\/v1\/Project\/GetProjectList",status_code="200"\} [1-9]/,
    );
    // An unknown path is one route, not one series a path.
    expect(metrics.text).toContain('route="unmatched",status_code="404"');
    expect(metrics.text).not.toContain('Nope/Nothing');
    expect(metrics.text).toContain('process_cpu_seconds_total');
    const pool = /db_pool_connections\{state="total"\} (\d+)/.exec(metrics.text);
    if (process.env.DATABASE_URL) expect(Number(pool?.[1])).toBeGreaterThan(0);
    else expect(pool?.[1] ?? '0').toBe('0');
  });

  it('without a token answers this machine only; another address gets the unknown-path 404', async () => {
    t = await createTestApp();
    const outside = await metricsOf(t, { remoteAddress: '203.0.113.9' });
    expect(outside.status).toBe(404);
    expect(outside.text).toContain('接口不存在');
    expect((await metricsOf(t, { remoteAddress: '::1' })).status).toBe(200);
    // Relayed by a proxy on this machine: the public, not this machine.
    const relayed = await t.app.inject({
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN answers its bearer only, wherever they are', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    expect((await metricsOf(t)).status).toBe(404);
    expect((await metricsOf(t, { authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await metricsOf(t, { authorization: `Bearer ${TOKEN.slice(1)}` })).status).toBe(404);
    const allowed = await metricsOf(t, {
      authorization: `Bearer ${TOKEN}`,
      remoteAddress: '203.0.113.9',
    });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('http_request_duration_seconds');
  });

  it('counts rate-limit refusals by counter and job runs by outcome', async () => {
    const store = createMemoryStore();
    const counter = counterFor(store, { name: 'metrics-test', points: 1, durationSeconds: 60 });
    const refusedBefore = await valueOf(rateLimitRefusals, { counter: 'metrics-test' });
    await count(counter, 'caller');
    await count(counter, 'caller');
    await count(counter, 'caller');
    expect(await valueOf(rateLimitRefusals, { counter: 'metrics-test' })).toBe(refusedBefore + 2);
    await store.close();

    const failing = scheduleJob({
      name: 'metrics-test-job',
      schedule: '* * * * * *',
      run: async () => {
        throw new Error('the job fails');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await failing.stop();
    expect(
      await valueOf(jobRuns, { job: 'metrics-test-job', outcome: 'failed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(await valueOf(jobRuns, { job: 'metrics-test-job', outcome: 'ok' })).toBe(0);
  });
});
