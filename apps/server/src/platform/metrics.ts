import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolOf, type Database } from '../db/client.js';

/**
 * The process's Prometheus metrics (prom-client), served at /metrics. One registry a process:
 * what it counts (requests, jobs, renders, refusals) is the process's, whichever app instance in it
 * did the work.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Runs of the scheduled jobs, by job and outcome (ok, failed, skipped: another instance held it or ran that time).',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const pdfRenders = new Gauge({
  name: 'pdf_renders',
  help: 'PDF renders now, waiting for a page or rendering.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Calls refused for going past a limit, by counter.',
  labelNames: ['counter'] as const,
  registers: [metricsRegistry],
});

export const requestsTurnedAway = new Counter({
  name: 'requests_turned_away_total',
  help: 'Contract calls answered 503 (a waiting line) past capacity, by what was past it.',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

const pools = new Set<pg.Pool>();
new Gauge({
  name: 'db_pool_connections',
  help: "The PostgreSQL pool's connections (total, idle) and the queries waiting for one.",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const sum = (read: (pool: pg.Pool) => number) =>
      [...pools].reduce((total, pool) => total + read(pool), 0);
    this.set(
      { state: 'total' },
      sum((pool) => pool.totalCount),
    );
    this.set(
      { state: 'idle' },
      sum((pool) => pool.idleCount),
    );
    this.set(
      { state: 'waiting' },
      sum((pool) => pool.waitingCount),
    );
  },
});

/** Counts the app's PostgreSQL pool in db_pool_connections while the app is open. */
export function observePool(app: FastifyInstance, db: Database): void {
  const client = poolOf(db);
  if (!client) return;
  pools.add(client);
  app.addHook('onClose', async () => {
    pools.delete(client);
  });
}

/** Times every answer by its route's pattern (an unknown path counts as one route). */
export function timeRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The bearer token when one is configured; without one, this machine only: a loopback address and
 * no proxy's forwarding header (nginx on this machine relays the public from loopback too).
 */
function mayReadMetrics(request: FastifyRequest, token: string): boolean {
  if (token) return sameSecret(request.headers.authorization ?? '', `Bearer ${token}`);
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
    return false;
  const address = ipaddr.isValid(request.socket.remoteAddress ?? '')
    ? ipaddr.process(request.socket.remoteAddress!)
    : null;
  return address?.range() === 'loopback';
}

/**
 * GET /metrics, Prometheus's text format. Read with `Authorization: Bearer <METRICS_TOKEN>` when
 * the token is set; without it only from this machine (the scraper beside the process). Anyone
 * else gets 404: the path is not advertised.
 */
export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, token)) return reply.callNotFound();
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
