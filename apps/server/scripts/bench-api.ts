/**
 * The API benchmark (issue 14; `npm run bench:api -w apps/server`, never part of `npm test`).
 * In one run, against baselines it starts itself on the same machine:
 *
 * 1. autocannon (50 connections, medians of 3 runs) on Project/GetProjectList and
 *    Project/GetProject, each run beside a run on a bare Fastify JSON route, on PGlite and on
 *    PostgreSQL (the demo data; the servers run with the load-test rate limits of docs/operations.md).
 * 2. GetProjectList's first page, page 500 and keyword searches with 100,000 generated projects on
 *    PostgreSQL, one client, median of 21 requests (and the first, whose count is not yet kept).
 * 3. The server's resident memory on PostgreSQL (issue 31): idle, for the benchmark's server and
 *    for one serving every part, and the benchmark's server's peak during its throughput runs.
 *
 * It builds the contracts and the server (`--no-build` skips that), starts the compiled server as
 * production runs it, prints a markdown table and writes it to bench-results/api.md at the
 * repository root.
 *
 *   options: --duration 10 (seconds a run) --runs 3 --connections 50 --projects 100000
 *            --port 18300 (uses three ports from there) --skip-pglite --no-build
 *            --only memory (part 3 alone: its section of bench-results/api.md is replaced)
 *   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
 *   database of its own is created and dropped.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getProject, getProjectList } from '@portal/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { ALL_PARTS } from '../src/config.js';
import {
  cleanups,
  createPostgresDatabase,
  median,
  POSTGRES_BASE,
  residentMb,
  REPO_DIR,
  runBenchmark,
  startProcess,
  stopProcess,
  waitForHealth,
  watchResident,
} from './bench-kit.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    projects: { type: 'string', default: '100000' },
    port: { type: 'string', default: '18300' },
    'skip-pglite': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
if (args.only !== undefined && args.only !== 'memory')
  throw new Error(`--only ${args.only}: the one part that runs alone is memory`);
const MEMORY_ONLY = args.only === 'memory';
const DURATION = Number(args.duration);
const RUNS = Number(args.runs);
const CONNECTIONS = Number(args.connections);
const PROJECTS = Number(args.projects);
const BASE_PORT = Number(args.port);
const RESULT_FILE = path.join(REPO_DIR, 'bench-results/api.md');

/** Targets of issue 14, on PostgreSQL. */
const TARGET_SHARE_OF_BARE = 0.25;
const TARGET_P99_MS = 50;
const TARGET_QUERY_MS = 20;
/** Issue 31: the compiled server's resident memory at idle, on PostgreSQL. */
const TARGET_IDLE_MB = 150;
/** Idle is this long after /healthz first answered: start-up's garbage collected, timers settled. */
const IDLE_WAIT_MS = 30_000;
/** What the throughput runs start: the two services the project calls live on. */
const BENCH_SERVICES = 'exam-flow,exam-expand';

function log(message: string) {
  console.error(`[bench:api] ${message}`);
}

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ErrCode: 0, ErrMsg: '', Data: { Items: [], Total: 0 } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

async function startBare(port: number) {
  const { child, output } = startProcess(
    process.execPath,
    ['--input-type=module', '-e', BARE_SERVER],
    { PORT: String(port) },
  );
  await waitForHealth(`http://127.0.0.1:${port}/bare`, child, output);
  return child;
}

/** ANONYMOUS_ANSWER_TTL_MS=0: each request runs the query (the 100k timings measure the query). */
const UNSHARED = { ANONYMOUS_ANSWER_TTL_MS: '0' };

async function startPortal(
  port: number,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { child, output } = startProcess(
    process.execPath,
    ['--conditions=portal-compiled', 'dist/server.js'],
    {
      PORTAL_MODE: 'demo',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SERVICES: BENCH_SERVICES,
      LOG_LEVEL: 'warn',
      // The load-test setting of the limits (docs/operations.md): one load machine is not 50 visitors.
      RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
      RATE_LIMIT_USER_PER_MINUTE: '100000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
  );
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, child, output);
  return child;
}

interface MemoryRow {
  server: string;
  idleMb: number;
  /** Only the benchmark's server is put under load. */
  peakMb?: number;
}

/** A server started on a seeded database, left alone for IDLE_WAIT_MS, and its resident memory. */
async function startIdle(port: number, databaseUrl: string, env: Record<string, string> = {}) {
  const server = await startPortal(port, databaseUrl, env);
  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
  return { server, idleMb: residentMb(server.pid!) };
}

/**
 * Idle memory of a server of every part (SERVICES unset: as `npm start` runs it) and of the
 * benchmark's server, whose peak is then read during its throughput runs on PostgreSQL.
 */
async function measureMemory(port: number, barePort: number, databaseUrl: string) {
  log('memory: a server of every part, idle');
  const whole = await startIdle(port, databaseUrl, { SERVICES: ALL_PARTS.join(',') });
  await stopProcess(whole.server);
  log(`memory: the benchmark's server (${BENCH_SERVICES}), idle, then under load`);
  const bench = await startIdle(port, databaseUrl);
  const watch = watchResident(bench.server.pid!);
  const loads = await loadRows('PostgreSQL', port, barePort);
  const peakMb = watch.stop();
  await stopProcess(bench.server);
  const memory: MemoryRow[] = [
    { server: 'every part in one process (SERVICES unset, as `npm start`)', idleMb: whole.idleMb },
    { server: `the benchmark's (${BENCH_SERVICES})`, idleMb: bench.idleMb, peakMb },
  ];
  return { memory, loads };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, duration = DURATION): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

interface LoadRow {
  db: string;
  call: string;
  target: Load;
  bare: Load;
  /** Measured for comparison only (shared answers off): no target applies. */
  comparison: boolean;
}

/** Each run of the call is beside a run of the bare route: the machine's load at that moment. */
async function loadRows(
  db: string,
  port: number,
  barePort: number,
  { listOnly = false, label = '' } = {},
): Promise<LoadRow[]> {
  const base = `http://127.0.0.1:${port}/services/exam-flow`;
  const list = `${base}${getProjectList.path}?PageIndex=1&PageSize=10`;
  const first = (await (await fetch(list)).json()) as { Data: { Items: { ProjectId: number }[] } };
  const projectId = first.Data.Items[0]!.ProjectId;
  const calls: [string, string][] = [
    [`GetProjectList (page 1, 10 a page)${label}`, list],
    ...(listOnly
      ? []
      : ([[`GetProject${label}`, `${base}${getProject.path}?ProjectId=${projectId}`]] as [
          string,
          string,
        ][])),
  ];
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  log(`${db}: warming up`);
  for (const [, url] of calls) await load(url, 3);
  await load(bareUrl, 3);
  const rows: LoadRow[] = [];
  for (const [call, url] of calls) {
    const target: Load[] = [];
    const bare: Load[] = [];
    for (let run = 1; run <= RUNS; run++) {
      log(`${db}: ${call}, run ${run} of ${RUNS}`);
      bare.push(await load(bareUrl));
      target.push(await load(url));
    }
    const med = (loads: Load[]): Load => ({
      rps: median(loads.map((l) => l.rps)),
      p50: median(loads.map((l) => l.p50)),
      p99: median(loads.map((l) => l.p99)),
      errors: loads.reduce((n, l) => n + l.errors, 0),
    });
    rows.push({ db, call, target: med(target), bare: med(bare), comparison: listOnly });
  }
  return rows;
}

const CITIES = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '杭州',
  '南京',
  '成都',
  '武汉',
  '西安',
  '重庆',
  '天津',
  '苏州',
  '长沙',
  '郑州',
  '青岛',
  '沈阳',
  '宁波',
  '昆明',
  '合肥',
  '福州',
  '厦门',
  '济南',
  '大连',
  '哈尔滨',
  '长春',
  '石家庄',
  '南昌',
  '贵阳',
  '南宁',
  '太原',
  '兰州',
  '乌鲁木齐',
  '呼和浩特',
  '银川',
  '西宁',
  '海口',
  '拉萨',
  '无锡',
  '佛山',
  '东莞',
];
const ORGANISERS = [
  '人力资源和社会保障局',
  '卫生健康委员会',
  '教育局',
  '公安局',
  '财政局',
  '税务局',
  '交通运输局',
  '自然资源局',
  '生态环境局',
  '住房和城乡建设局',
  '农业农村局',
  '商务局',
  '文化和旅游局',
  '市场监督管理局',
  '统计局',
  '医疗保障局',
  '应急管理局',
  '水务局',
  '人民医院',
  '第一中学',
];
const KINDS = [
  '公开招聘事业单位工作人员',
  '公开招聘教师',
  '招聘专业技术人员',
  '公务员考试录用',
  '招聘辅警',
  '招聘医务人员',
  '选调生招录',
  '人才引进',
  '招聘社区工作者',
  '招聘编外人员',
  '职业技能等级认定',
  '专业技术资格考试',
];

/** 100,000 projects of the demo tenant, with introductions and covers as large as the seed's. */
async function generateProjects(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [tenant],
  } = await client.query<{ id: number }>('select id from tenants order by id limit 1');
  const { rows: cats } = await client.query<{ id: number }>(
    'select id from categories where tenant_id = $1 order by id',
    [tenant!.id],
  );
  const {
    rows: [sample],
  } = await client.query<{ cover_url: string; introduction: string }>(
    'select cover_url, introduction from projects order by id limit 1',
  );
  await client.query(
    `insert into projects (tenant_id, title, organizer, category_id, cover_url, apply_start_at,
       apply_end_at, exam_start_at, exam_end_at, introduction, contact_phone, fee_in_fen, sort)
     select $1,
       c.city || (2020 + g % 7) || '年' || o.org || k.kind || '（第' || g || '号）',
       c.city || '市' || o.org,
       ($2::int[])[1 + g % array_length($2::int[], 1)],
       $3,
       s.at, s.at + interval '20 days', s.at + interval '30 days', s.at + interval '31 days',
       $4, '010-12345678', (g % 3) * 5000, 0
     from generate_series(1, $5::int) g
     cross join lateral (select ($6::text[])[1 + g % array_length($6::text[], 1)] as city) c
     cross join lateral (select ($7::text[])[1 + (g / 7) % array_length($7::text[], 1)] as org) o
     cross join lateral (select ($8::text[])[1 + (g / 3) % array_length($8::text[], 1)] as kind) k
     cross join lateral (select now() - ((g::bigint * 7919) % 1000) * interval '1 day'
       + ((g::bigint * 104729) % 86400) * interval '1 second' + interval '60 days' as at) s`,
    [
      tenant!.id,
      cats.map((c) => c.id),
      sample!.cover_url,
      sample!.introduction,
      count,
      CITIES,
      ORGANISERS,
      KINDS,
    ],
  );
  await client.query('vacuum analyze projects');
  await client.end();
}

interface QueryRow {
  query: string;
  total: number;
  first: number;
  median: number;
}

async function timeQuery(
  url: string,
  times = 21,
): Promise<{ first: number; median: number; total: number }> {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const response = await fetch(url);
    const body = (await response.json()) as { ErrCode: number; Data: { Total: number } };
    ms.push(performance.now() - t0);
    if (body.ErrCode !== 0) throw new Error(`${url} answered ${JSON.stringify(body)}`);
    total = body.Data.Total;
  }
  return { first: ms[0]!, median: median(ms.slice(1)), total };
}

async function vacuum(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze projects');
  await client.end();
}

async function queryRows(port: number, databaseUrl: string): Promise<QueryRow[]> {
  const list = `http://127.0.0.1:${port}/services/exam-flow${getProjectList.path}`;
  // The first call puts the new rows in order (a one-time refresh of the stored state order).
  const t0 = performance.now();
  await fetch(`${list}?PageIndex=1&PageSize=10`);
  // Autovacuum would follow that many updates; the page-500 offset is an index-only scan after it.
  await vacuum(databaseUrl);
  log(
    `first list call after the insert (orders ${PROJECTS} new rows): ${Math.round(performance.now() - t0)} ms`,
  );
  const queries: [string, string][] = [
    ['first page (PageIndex 1, 10 a page)', 'PageIndex=1&PageSize=10'],
    ['page 500 (PageIndex 500, offset 4,990)', 'PageIndex=500&PageSize=10'],
    ['keyword, 3+ characters: 卫生健康委', `Keyword=${encodeURIComponent('卫生健康委')}`],
    ['keyword, 4 characters: 招聘教师', `Keyword=${encodeURIComponent('招聘教师')}`],
    ['keyword, 2 characters: 杭州', `Keyword=${encodeURIComponent('杭州')}`],
    ['keyword, 1 character: 辅', `Keyword=${encodeURIComponent('辅')}`],
  ];
  const rows: QueryRow[] = [];
  for (const [query, qs] of queries) {
    log(`100k: ${query}`);
    rows.push({ query, ...(await timeQuery(`${list}?${qs}`)) });
  }
  // The infinite list's cursor at the depth of page 500.
  const page499 = (await (await fetch(`${list}?PageIndex=499&PageSize=10`)).json()) as {
    Data: { NextCursor: string | null };
  };
  if (page499.Data.NextCursor)
    rows.splice(2, 0, {
      query: 'page 500 by cursor (After, the infinite list)',
      ...(await timeQuery(
        `${list}?PageSize=10&After=${encodeURIComponent(page499.Data.NextCursor)}`,
      )),
    });
  return rows;
}

function machine() {
  const version = (cmd: string) => {
    try {
      return execSync(cmd, { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    load: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / '),
    node: process.version,
    postgres: version(`psql "${POSTGRES_BASE}" -Atc "show server_version"`),
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pass = (ok: boolean) => (ok ? 'met' : '**missed**');

const MEMORY_HEADING = '## Memory';

function memorySection(memory: MemoryRow[], before: ReturnType<typeof machine>) {
  const mb = (n: number) => `${Math.round(n)}`;
  return [
    `${MEMORY_HEADING}: the compiled server's resident memory (VmRSS) on PostgreSQL`,
    '',
    `Measured ${new Date().toISOString()} (load average ${before.load} at the start). Idle: ${IDLE_WAIT_MS / 1000} s after \`/healthz\` first answered, on a start after the one that wrote the demo data. Peak: the highest VmRSS, read every 100 ms, during the benchmark's server's throughput runs on PostgreSQL (${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s of each call, after the warm-up). Target: idle ≤ ${TARGET_IDLE_MB} MB.`,
    '',
    '| server | idle MB | peak under load MB | target |',
    '|---|---|---|---|',
    ...memory.map(
      (m) =>
        `| ${m.server} | ${mb(m.idleMb)} | ${m.peakMb === undefined ? '—' : mb(m.peakMb)} | idle ${pass(m.idleMb <= TARGET_IDLE_MB)} |`,
    ),
    '',
  ].join('\n');
}

/** `--only memory`: the memory section of the last full run's file is replaced (or added). */
function replaceMemorySection(section: string) {
  const previous = fs.existsSync(RESULT_FILE) ? fs.readFileSync(RESULT_FILE, 'utf8') : '';
  const start = previous.indexOf(MEMORY_HEADING);
  const end = start < 0 ? -1 : previous.indexOf('\n## ', start + MEMORY_HEADING.length);
  const next =
    start < 0
      ? `${previous.trimEnd()}\n\n${section}`
      : `${previous.slice(0, start)}${section}${end < 0 ? '' : previous.slice(end + 1)}`;
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  fs.writeFileSync(RESULT_FILE, next);
}

function report(
  loads: LoadRow[],
  queries: QueryRow[],
  memory: MemoryRow[],
  before: ReturnType<typeof machine>,
) {
  const after = machine();
  const lines = [
    `# API benchmark (issue 14)`,
    '',
    `Run ${new Date().toISOString()} by \`npm run bench:api -w apps/server\`: ${before.cores} cores (${before.cpu}), Node ${before.node}, PostgreSQL ${before.postgres} on the same machine. Load average (1/5/15 min) ${before.load} at the start, ${after.load} at the end: the machine is shared, so the ratios against the bare route measured beside each run are what count.`,
    '',
    `## Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION} s a run, medians of ${RUNS}`,
    '',
    `Target on PostgreSQL: ≥ ${TARGET_SHARE_OF_BARE * 100}% of the bare Fastify JSON route's requests per second, p99 ≤ ${TARGET_P99_MS} ms. The server runs as deployed: an anonymous answer of these public reads is shared for a second (\`ANONYMOUS_ANSWER_TTL_MS\`, docs/operations.md "Limits"); the "shared answers off" row has every request run the query.`,
    '',
    '| database | call | req/s | p50 ms | p99 ms | errors | bare route req/s (beside) | share of bare | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...loads.map((r) => {
      const share = r.target.rps / r.bare.rps;
      const target = r.comparison
        ? '— (the query on every request, for comparison)'
        : r.db === 'PostgreSQL'
          ? `share ${pass(share >= TARGET_SHARE_OF_BARE)}, p99 ${pass(r.target.p99 <= TARGET_P99_MS)}`
          : '— (no target on PGlite)';
      return `| ${r.db} | ${r.call} | ${fmt(r.target.rps)} | ${r.target.p50} | ${r.target.p99} | ${r.target.errors} | ${fmt(r.bare.rps)} | ${(share * 100).toFixed(1)}% | ${target} |`;
    }),
    '',
    `## ${fmt(PROJECTS)} generated projects on PostgreSQL: one client, median of 20 requests after the first`,
    '',
    `Target: ≤ ${TARGET_QUERY_MS} ms each (the time of the whole HTTP call, measured by the client), with shared anonymous answers off (\`ANONYMOUS_ANSWER_TTL_MS=0\`), so every request runs the query. "first" is the first request of each query: its count is not kept yet.`,
    '',
    '| query | matches (Total) | first ms | median ms | target |',
    '|---|---|---|---|---|',
    ...queries.map(
      (q) =>
        `| ${q.query} | ${fmt(q.total)} | ${q.first.toFixed(1)} | ${q.median.toFixed(1)} | ${pass(q.median <= TARGET_QUERY_MS)} |`,
    ),
    '',
    memorySection(memory, before),
  ];
  return lines.join('\n');
}

async function main() {
  const before = machine();
  if (!args['no-build']) {
    log('building the contracts and the server');
    execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
      cwd: REPO_DIR,
      stdio: 'inherit',
    });
  }
  const barePort = BASE_PORT;
  const bare = await startBare(barePort);
  const loads: LoadRow[] = [];
  if (!args['skip-pglite'] && !MEMORY_ONLY) {
    log('PGlite: starting the server (demo data)');
    const server = await startPortal(BASE_PORT + 1, undefined);
    loads.push(...(await loadRows('PGlite', BASE_PORT + 1, barePort)));
    await stopProcess(server);
  }
  log('PostgreSQL: starting the server (demo data)');
  const databaseUrl = await createPostgresDatabase('perf_bench_api');
  // The first start writes the demo data: memory is read on the starts after it.
  await stopProcess(await startPortal(BASE_PORT + 2, databaseUrl));
  const measured = await measureMemory(BASE_PORT + 2, barePort, databaseUrl);
  if (MEMORY_ONLY) {
    await stopProcess(bare);
    const section = memorySection(measured.memory, before);
    console.log(section);
    replaceMemorySection(section);
    log(`its section written to ${path.relative(REPO_DIR, RESULT_FILE)}`);
    return;
  }
  loads.push(...measured.loads);
  // Every request through the query (no shared anonymous answer): what a signed-in visitor or a
  // page nobody else asked for within the second costs.
  log('PostgreSQL: starting the server with shared anonymous answers off');
  const uncached = await startPortal(BASE_PORT + 2, databaseUrl, UNSHARED);
  loads.push(
    ...(await loadRows('PostgreSQL', BASE_PORT + 2, barePort, {
      listOnly: true,
      label: ', shared answers off',
    })),
  );
  log(`PostgreSQL: generating ${fmt(PROJECTS)} projects`);
  await generateProjects(databaseUrl, PROJECTS);
  const queries = await queryRows(BASE_PORT + 2, databaseUrl);
  await stopProcess(uncached);
  await stopProcess(bare);
  const table = report(loads, queries, measured.memory, before);
  console.log(table);
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  fs.writeFileSync(RESULT_FILE, table);
  log(`written to ${path.relative(REPO_DIR, RESULT_FILE)}`);
}

runBenchmark(main);
