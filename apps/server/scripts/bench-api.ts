/**
 * The API benchmark (issue 14; `npm run bench:api -w apps/server`, never part of `npm test`).
 * In one run, against baselines it starts itself on the same machine:
 *
 * 1. autocannon (50 connections, medians of 3 runs) on Project/GetProjectList and
 *    Project/GetProject, each run beside a run on a bare Fastify JSON route, on PGlite and on
 *    PostgreSQL (the demo data; the servers run with the load-test rate limits of docs/operations.md).
 * 2. GetProjectList's first page, page 500 and keyword searches with 100,000 generated projects on
 *    PostgreSQL, one client, median of 21 requests (and the first, whose count is not yet kept).
 * 3. Signed-in calls on PostgreSQL (issue 31), each run beside the bare route and beside a bare
 *    signed-in route: Fastify verifying the same access token with jose and running GetUser's SQL
 *    through pg, the floor of any signed-in call; and GetUser again with the log at info.
 * 4. The server's resident memory on PostgreSQL (issue 31): idle, for the benchmark's server and
 *    for one serving every part, and the benchmark's server's peak during its throughput runs.
 *
 * It builds the contracts and the server (`--no-build` skips that), starts the compiled server as
 * production runs it, prints a markdown table and writes it to bench-results/api.md at the
 * repository root.
 *
 *   options: --duration 10 (seconds a run) --runs 3 --connections 50 --projects 100000
 *            --port 18300 (or BENCH_PORT; uses four ports from there) --skip-pglite --no-build
 *            --only pglite,postgres,unshared,100k,signed-in,memory (the sections to run; a partial
 *            run replaces only its own sections of bench-results/api.md)
 *   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a
 *   database of its own is created and dropped.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  getMessageList,
  getProject,
  getProjectList,
  getUser,
  getUserProject,
  saveAnswers,
  startAttempt,
} from '@portal/contracts';
import autocannon from 'autocannon';
import pg from 'pg';
import { ALL_PARTS } from '../src/config.js';
import {
  createPostgresDatabase,
  median,
  POSTGRES_BASE,
  residentMb,
  REPO_DIR,
  runBenchmark,
  startCompiledPortal,
  startProcess,
  temporaryDataDir,
  stopProcess,
  waitForHealth,
  watchResident,
} from './bench-kit.js';
import { withSectionsReplaced } from './report-sections.js';
import { loadConfig } from '../src/config.js';
import { DEMO_MOBILE, SEED_PROJECTS } from '../src/testing/demo-fixtures.js';
import { loadOrCreateSecrets, publicJwkOf } from '../src/platform/secrets.js';
import { signAccessToken } from '../src/platform/tokens.js';

const ALL_SECTIONS = 'pglite,postgres,unshared,100k,signed-in,memory';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    projects: { type: 'string', default: '100000' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '18300' },
    'skip-pglite': { type: 'boolean', default: false },
    only: { type: 'string', default: ALL_SECTIONS },
    /** Only the signed-in rows of these actions (comma-separated): GetUser,SaveAnswers */
    calls: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    /** Write a V8 CPU profile of each portal server to this folder (node --cpu-prof). */
    'profile-dir': { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const RUNS = Number(args.runs);
const CONNECTIONS = Number(args.connections);
const PROJECTS = Number(args.projects);
const BASE_PORT = Number(args.port);
const RESULT_FILE = path.join(REPO_DIR, 'bench-results/api.md');
const SECTIONS = new Set(args.only.split(',').map((name) => name.trim()));
if (args['skip-pglite']) SECTIONS.delete('pglite');

/** Targets of issue 14, on PostgreSQL. */
const TARGET_SHARE_OF_BARE = 0.25;
const TARGET_P99_MS = 50;
const TARGET_QUERY_MS = 20;
/** Issue 31: the compiled server's resident memory at idle, on PostgreSQL. */
const TARGET_IDLE_MB = 150;
/**
 * Memory is read this long after /healthz first answered, and again at SETTLED_WAIT_MS: at the first
 * the process still holds start-up's garbage, which V8's memory reducer returns once the process has
 * been quiet a while (within about 40 s here); idle is the second.
 */
const EARLY_WAIT_MS = 30_000;
const SETTLED_WAIT_MS = 90_000;
/** What the throughput runs start: the two services the project calls live on. */
const BENCH_SERVICES = 'exam-flow,exam-expand';
/** Issue 31's target of a signed-in call: this share of the bare signed-in route too. */
const TARGET_SHARE_OF_SIGNED_IN_FLOOR = 0.6;

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

/**
 * The floor of any signed-in call: the bearer token verified with jose on every request (signature,
 * issuer, audience, type, as the services do) and GetUser's SQL run through a pg pool of the
 * server's size, answered in the envelope.
 */
const BARE_SIGNED_IN_SERVER = `
import Fastify from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
const keys = createLocalJWKSet({ keys: [JSON.parse(process.env.PUBLIC_JWK)] });
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/bare-signed-in', async (request, reply) => {
  const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  let subject;
  try {
    ({ payload: subject } = await jwtVerify(token, keys, {
      issuer: process.env.ISSUER, audience: 'urn:portal:services', typ: 'at+jwt',
    }));
  } catch {
    return reply.code(401).send({ ErrCode: 401, ErrMsg: '', Data: null });
  }
  const { rows: [user] } = await pool.query(
    "select * from users where id = $1 and status = 'active'", [Number(subject.sub)]);
  if (!user) return reply.code(404).send({ ErrCode: 404, ErrMsg: '', Data: null });
  return { ErrCode: 0, ErrMsg: '', Data: { UserId: user.id, Name: user.name, CreateTime: user.created_at } };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

async function startBareSignedIn(
  port: number,
  databaseUrl: string,
  signedIn: { publicJwk: object; issuer: string; token: string },
) {
  const { child, output } = startProcess(
    process.execPath,
    ['--input-type=module', '-e', BARE_SIGNED_IN_SERVER],
    {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      PUBLIC_JWK: JSON.stringify(signedIn.publicJwk),
      ISSUER: signedIn.issuer,
    },
  );
  const url = `http://127.0.0.1:${port}/bare-signed-in`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(url, { headers: { authorization: signedIn.token } }).catch(
      () => null,
    );
    if (answer?.ok) return child;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the bare signed-in route did not answer:\n${output()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The parts the signed-in rows call, and the identity provider whose key verifies the tokens. */
const SIGNED_IN_PARTS = 'exam-flow,exam-account,exam-message,exam-custom,identity';

/** ANONYMOUS_ANSWER_TTL_MS=0: each request runs the query (the 100k timings measure the query). */
const UNSHARED = { ANONYMOUS_ANSWER_TTL_MS: '0' };

async function startPortal(
  port: number,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
  {
    logFile,
    dataDir = temporaryDataDir('bench-api-'),
  }: { logFile?: string; dataDir?: string } = {},
) {
  const { child } = await startCompiledPortal({
    port,
    databaseUrl,
    dataDir,
    nodeArgs: args['profile-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${args['profile-dir']}`] : [],
    env: {
      SERVICES: BENCH_SERVICES,
      // The load-test setting of the limits (docs/operations.md): one load machine is not 50 visitors.
      RATE_LIMIT_ADDRESS_PER_MINUTE: '100000000',
      RATE_LIMIT_USER_PER_MINUTE: '100000000',
      ...env,
    },
    logFile,
  });
  return child;
}

interface MemoryRow {
  server: string;
  idleMb: number;
  /** At EARLY_WAIT_MS, before start-up's garbage is returned. */
  earlyMb: number;
  /** Only the benchmark's server is put under load. */
  peakMb?: number;
}

/** A server started on a seeded database, left alone, and its resident memory early and settled. */
async function startIdle(port: number, databaseUrl: string, env: Record<string, string> = {}) {
  const server = await startPortal(port, databaseUrl, env);
  await new Promise((resolve) => setTimeout(resolve, EARLY_WAIT_MS));
  const earlyMb = residentMb(server.pid!);
  await new Promise((resolve) => setTimeout(resolve, SETTLED_WAIT_MS - EARLY_WAIT_MS));
  return { server, earlyMb, idleMb: residentMb(server.pid!) };
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
    {
      server: 'every part in one process (SERVICES unset, as `npm start`)',
      earlyMb: whole.earlyMb,
      idleMb: whole.idleMb,
    },
    {
      server: `the benchmark's (${BENCH_SERVICES})`,
      earlyMb: bench.earlyMb,
      idleMb: bench.idleMb,
      peakMb,
    },
  ];
  return { memory, loads };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A call of the load: a URL, or a URL with its headers and what makes each request. */
type LoadCall =
  | string
  | (Pick<autocannon.Options, 'url' | 'headers' | 'method'> & {
      setupRequest?: (request: autocannon.Request) => autocannon.Request;
    });

async function load(call: LoadCall, duration = DURATION): Promise<Load> {
  const { setupRequest, ...request } = typeof call === 'string' ? { url: call } : call;
  const result = await autocannon({
    ...request,
    connections: CONNECTIONS,
    duration,
    ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
  });
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
    rows.push({
      db,
      call,
      target: medianLoad(target),
      bare: medianLoad(bare),
      comparison: listOnly,
    });
  }
  return rows;
}

interface SignedInRow {
  call: string;
  target: Load;
  bare: Load;
  signedInFloor: Load;
}

const medianLoad = (loads: Load[]): Load => ({
  rps: median(loads.map((l) => l.rps)),
  p50: median(loads.map((l) => l.p50)),
  p99: median(loads.map((l) => l.p99)),
  errors: loads.reduce((n, l) => n + l.errors, 0),
});

/** Candidates who sit the demo's open exam in the SaveAnswers row: one for each connection. */
async function addExamCandidates(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [exam],
  } = await client.query<{ project_id: number; position_id: number; tenant_id: number }>(
    `select p.id as project_id, p.tenant_id, (select id from positions where project_id = p.id
       order by sort limit 1) as position_id from projects p where p.title = $1`,
    [SEED_PROJECTS.paidExam],
  );
  const { rows } = await client.query<{ user_id: number; apply_id: number }>(
    `with made as (
       insert into users (tenant_id, mobile, name, password_hash)
       select $1, '171' || lpad(g::text, 8, '0'), '考生' || g, 'bench' from generate_series(1, $4::int) g
       returning id)
     insert into applications (user_id, project_id, position_id, values, status)
     select id, $2, $3, '{}', 'Paid' from made
     returning user_id, id as apply_id`,
    [exam!.tenant_id, exam!.project_id, exam!.position_id, count],
  );
  await client.end();
  return rows.map((row) => ({ userId: row.user_id, applyId: row.apply_id }));
}

/**
 * The signed-in calls of the demo candidate (and, for SaveAnswers, a candidate per connection
 * each saving newer revisions), each run beside the bare route and the bare signed-in route.
 */
async function signedInRows(
  port: number,
  barePort: number,
  floorPort: number,
  databaseUrl: string,
  signIn: (userId: number) => Promise<string>,
  { label = '', only }: { label?: string; only?: string } = {},
): Promise<SignedInRow[]> {
  const origin = `http://127.0.0.1:${port}`;
  const at = (endpoint: { service: string; path: string }, query = '') =>
    `${origin}/services/${endpoint.service}${endpoint.path}${query}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [demo],
  } = await client.query<{ id: number }>('select id from users where mobile = $1', [DEMO_MOBILE]);
  await client.end();
  const token = await signIn(demo!.id);
  const headers = { authorization: token };
  const firstPage = at(getProjectList, '?PageIndex=1&PageSize=10');
  const list = (await (await fetch(firstPage, { headers })).json()) as {
    Data: { Items: { ProjectId: number }[] };
  };
  const projectId = list.Data.Items[0]!.ProjectId;
  const calls: [string, LoadCall][] = [
    ['User/GetUser', { url: at(getUser), headers }],
    [
      'User/GetUserProject (page 1)',
      { url: at(getUserProject, '?PageIndex=1&PageSize=10'), headers },
    ],
    ['Project/GetProject', { url: at(getProject, `?ProjectId=${projectId}`), headers }],
    ['Project/GetProjectList (page 1)', { url: firstPage, headers }],
    [
      'MessageNotice/GetList (page 1)',
      { url: at(getMessageList, '?PageIndex=1&PageSize=10'), headers },
    ],
  ];
  const wanted = (name: string) =>
    !only || only.split(',').includes(name.split(' ')[0]!.split('/')[1]!);
  if (wanted('ProjectOnLineExamine/SaveAnswers')) {
    const candidates = await addExamCandidates(databaseUrl, CONNECTIONS);
    const tokens = await Promise.all(candidates.map(({ userId }) => signIn(userId)));
    for (const [i, { applyId }] of candidates.entries()) {
      const started = await fetch(at(startAttempt), {
        method: 'POST',
        headers: { authorization: tokens[i]!, 'content-type': 'application/json' },
        body: JSON.stringify({ ApplyId: applyId }),
      });
      if (!started.ok) throw new Error(`StartAttempt answered ${await started.text()}`);
    }
    // Autocannon keeps no state per connection: the n-th save is candidate n mod count's, with
    // a revision newer than any sent before, so each is the usual autosave (stored, not stale).
    let sent = 0;
    calls.push([
      'ProjectOnLineExamine/SaveAnswers',
      {
        url: at(saveAnswers),
        method: 'POST',
        setupRequest: (request) => {
          const i = sent++ % candidates.length;
          return {
            ...request,
            headers: { authorization: tokens[i]!, 'content-type': 'application/json' },
            body: JSON.stringify({
              ApplyId: candidates[i]!.applyId,
              Revision: sent,
              Answers: [],
              Flagged: [],
            }),
          };
        },
      },
    ]);
  }
  const chosen = calls.filter(([name]) => wanted(name));
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  const floor = { url: `http://127.0.0.1:${floorPort}/bare-signed-in`, headers };
  log(`signed in${label}: warming up`);
  for (const [, call] of chosen) await load(call, 3);
  await load(bareUrl, 3);
  await load(floor, 3);
  const rows: SignedInRow[] = [];
  for (const [call, target] of chosen) {
    const runs = { target: [] as Load[], bare: [] as Load[], signedInFloor: [] as Load[] };
    for (let run = 1; run <= RUNS; run++) {
      log(`signed in${label}: ${call}, run ${run} of ${RUNS}`);
      runs.bare.push(await load(bareUrl));
      runs.signedInFloor.push(await load(floor));
      runs.target.push(await load(target));
    }
    rows.push({
      call: `${call}${label}`,
      target: medianLoad(runs.target),
      bare: medianLoad(runs.bare),
      signedInFloor: medianLoad(runs.signedInFloor),
    });
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

const share = (n: number, of: number) => `${((n / of) * 100).toFixed(1)}%`;

/** The report's sections by the start of their heading: a partial run replaces only its own. */
const SECTION_HEADINGS = {
  throughput: '## Throughput',
  queries: '## Queries at',
  signedIn: '## Signed-in calls',
  memory: '## Memory',
} as const;

function memorySection(memory: MemoryRow[], before: ReturnType<typeof machine>) {
  const mb = (n: number) => `${Math.round(n)}`;
  return [
    `${SECTION_HEADINGS.memory}: the compiled server's resident memory (VmRSS) on PostgreSQL`,
    '',
    `Measured ${new Date().toISOString()} (load average ${before.load} at the start). Idle: ${SETTLED_WAIT_MS / 1000} s after \`/healthz\` first answered, on a start after the one that wrote the demo data; beside it the same at ${EARLY_WAIT_MS / 1000} s, when start-up's garbage is not yet returned (V8's memory reducer returns it once the process has been quiet a while). Peak: the highest VmRSS, read every 100 ms, during the benchmark's server's throughput runs on PostgreSQL (${CONNECTIONS} connections, ${RUNS} runs of ${DURATION} s of each call, after the warm-up). Target: idle ≤ ${TARGET_IDLE_MB} MB.`,
    '',
    `| server | at ${EARLY_WAIT_MS / 1000} s MB | idle MB | peak under load MB | target |`,
    '|---|---|---|---|---|',
    ...memory.map(
      (m) =>
        `| ${m.server} | ${mb(m.earlyMb)} | ${mb(m.idleMb)} | ${m.peakMb === undefined ? '—' : mb(m.peakMb)} | idle ${pass(m.idleMb <= TARGET_IDLE_MB)} |`,
    ),
    '',
  ].join('\n');
}

function throughputSection(loads: LoadRow[]) {
  return [
    `${SECTION_HEADINGS.throughput}: autocannon, ${CONNECTIONS} connections, ${DURATION} s a run, medians of ${RUNS}`,
    '',
    `Target on PostgreSQL: ≥ ${TARGET_SHARE_OF_BARE * 100}% of the bare Fastify JSON route's requests per second, p99 ≤ ${TARGET_P99_MS} ms. The server runs as deployed: an anonymous answer of these public reads is shared for a second (\`ANONYMOUS_ANSWER_TTL_MS\`, docs/operations.md "Limits"); the "shared answers off" row has every request run the query.`,
    '',
    '| database | call | req/s | p50 ms | p99 ms | errors | bare route req/s (beside) | share of bare | target |',
    '|---|---|---|---|---|---|---|---|---|',
    ...loads.map((r) => {
      const ratio = r.target.rps / r.bare.rps;
      const target = r.comparison
        ? '— (the query on every request, for comparison)'
        : r.db === 'PostgreSQL'
          ? `share ${pass(ratio >= TARGET_SHARE_OF_BARE)}, p99 ${pass(r.target.p99 <= TARGET_P99_MS)}`
          : '— (no target on PGlite)';
      return `| ${r.db} | ${r.call} | ${fmt(r.target.rps)} | ${r.target.p50} | ${r.target.p99} | ${r.target.errors} | ${fmt(r.bare.rps)} | ${share(r.target.rps, r.bare.rps)} | ${target} |`;
    }),
  ].join('\n');
}

function queriesSection(queries: QueryRow[]) {
  return [
    `${SECTION_HEADINGS.queries} ${fmt(PROJECTS)} generated projects on PostgreSQL: one client, median of 20 requests after the first`,
    '',
    `Target: ≤ ${TARGET_QUERY_MS} ms each (the time of the whole HTTP call, measured by the client), with shared anonymous answers off (\`ANONYMOUS_ANSWER_TTL_MS=0\`), so every request runs the query. "first" is the first request of each query: its count is not kept yet.`,
    '',
    '| query | matches (Total) | first ms | median ms | target |',
    '|---|---|---|---|---|',
    ...queries.map(
      (q) =>
        `| ${q.query} | ${fmt(q.total)} | ${q.first.toFixed(1)} | ${q.median.toFixed(1)} | ${pass(q.median <= TARGET_QUERY_MS)} |`,
    ),
  ].join('\n');
}

function signedInSection(rows: SignedInRow[], machineLoad: string) {
  return [
    `${SECTION_HEADINGS.signedIn} on PostgreSQL (issue 31): autocannon, ${CONNECTIONS} connections, ${DURATION} s a run, medians of ${RUNS}; load average ${machineLoad}`,
    '',
    `Each run is beside a run of the bare route and of the bare signed-in route (Fastify verifying the same access token with jose on every request and running GetUser's SQL through pg: the floor of any signed-in call). Target: ≥ ${TARGET_SHARE_OF_BARE * 100}% of the bare route, ≥ ${TARGET_SHARE_OF_SIGNED_IN_FLOOR * 100}% of the bare signed-in route, p99 ≤ ${TARGET_P99_MS} ms. The server logs at warn but for the row that says info (pino's own destination, standard output, written to a file).`,
    '',
    '| call | req/s | p50 ms | p99 ms | errors | bare req/s | share of bare | bare signed-in req/s | share of bare signed-in | target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const ofBare = r.target.rps / r.bare.rps;
      const ofFloor = r.target.rps / r.signedInFloor.rps;
      const met =
        ofBare >= TARGET_SHARE_OF_BARE &&
        ofFloor >= TARGET_SHARE_OF_SIGNED_IN_FLOOR &&
        r.target.p99 <= TARGET_P99_MS &&
        r.target.errors === 0;
      return `| ${r.call} | ${fmt(r.target.rps)} | ${r.target.p50} | ${r.target.p99} | ${r.target.errors} | ${fmt(r.bare.rps)} | ${share(r.target.rps, r.bare.rps)} | ${fmt(r.signedInFloor.rps)} | ${share(r.target.rps, r.signedInFloor.rps)} | ${pass(met)} |`;
    }),
  ].join('\n');
}

function report(
  sections: string[],
  before: ReturnType<typeof machine>,
  previous: string | null,
): string {
  const after = machine();
  return [
    `# API benchmark (issues 14 and 31)`,
    '',
    `Run ${new Date().toISOString()} by \`npm run bench:api -w apps/server\`${args.only === ALL_SECTIONS ? '' : ` (\`--only ${args.only}\`: the other sections are from an earlier run)`}: ${before.cores} cores (${before.cpu}), Node ${before.node}, PostgreSQL ${before.postgres} on the same machine. Load average (1/5/15 min) ${before.load} at the start, ${after.load} at the end: the machine is shared, so the ratios against the baselines measured beside each run are what count.`,
    '',
    ...withSectionsReplaced(previous ?? '', sections, Object.values(SECTION_HEADINGS)).flatMap(
      (s) => [s, ''],
    ),
  ].join('\n');
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
  const sections: string[] = [];
  if (SECTIONS.has('pglite')) {
    log('PGlite: starting the server (demo data)');
    const server = await startPortal(BASE_PORT + 1, undefined);
    loads.push(...(await loadRows('PGlite', BASE_PORT + 1, barePort)));
    await stopProcess(server);
  }
  const databaseUrl = await createPostgresDatabase('perf_bench_api');
  if (SECTIONS.has('postgres') || SECTIONS.has('memory')) {
    // The first start writes the demo data: memory is read on the starts after it.
    await stopProcess(await startPortal(BASE_PORT + 2, databaseUrl));
    const measured = await measureMemory(BASE_PORT + 2, barePort, databaseUrl);
    if (SECTIONS.has('postgres')) loads.push(...measured.loads);
    if (SECTIONS.has('memory')) sections.push(memorySection(measured.memory, before));
  }
  if (SECTIONS.has('signed-in')) sections.push(await signedInSectionRun(databaseUrl, barePort));
  if (SECTIONS.has('unshared') || SECTIONS.has('100k')) {
    // Every request through the query (no shared anonymous answer): what a signed-in visitor or a
    // page nobody else asked for within the second costs.
    log('PostgreSQL: starting the server with shared anonymous answers off');
    const uncached = await startPortal(BASE_PORT + 2, databaseUrl, UNSHARED);
    if (SECTIONS.has('unshared'))
      loads.push(
        ...(await loadRows('PostgreSQL', BASE_PORT + 2, barePort, {
          listOnly: true,
          label: ', shared answers off',
        })),
      );
    if (SECTIONS.has('100k')) {
      log(`PostgreSQL: generating ${fmt(PROJECTS)} projects`);
      await generateProjects(databaseUrl, PROJECTS);
      sections.push(queriesSection(await queryRows(BASE_PORT + 2, databaseUrl)));
    }
    await stopProcess(uncached);
  }
  await stopProcess(bare);
  if (loads.length > 0) sections.push(throughputSection(loads));
  const previous = fs.existsSync(RESULT_FILE) ? fs.readFileSync(RESULT_FILE, 'utf8') : null;
  const table = report(sections, before, previous);
  console.log(table);
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  fs.writeFileSync(RESULT_FILE, table);
  log(`written to ${path.relative(REPO_DIR, RESULT_FILE)}`);
}

/** The signed-in rows: the server with every service, then again logging at info. */
async function signedInSectionRun(databaseUrl: string, barePort: number): Promise<string> {
  const loadAverage = machine().load;
  const port = BASE_PORT + 2;
  const floorPort = BASE_PORT + 3;
  const dataDir = temporaryDataDir('bench-api-');
  const portalEnv = { SERVICES: SIGNED_IN_PARTS };
  log('signed in: starting the server (demo data, every service)');
  let server = await startPortal(port, databaseUrl, portalEnv, { dataDir });
  const secrets = await loadOrCreateSecrets(dataDir);
  const config = loadConfig({
    ...process.env,
    PORTAL_MODE: 'demo',
    NODE_ENV: 'development',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
  });
  const signIn = async (userId: number) =>
    `Bearer ${await signAccessToken(secrets.signingJwk, config.authorityUrl, { userId, name: '' }, 3 * 3600)}`;
  const floor = await startBareSignedIn(floorPort, databaseUrl, {
    publicJwk: publicJwkOf(secrets.signingJwk),
    issuer: config.authorityUrl,
    token: await signIn(1),
  });
  const rows = await signedInRows(port, barePort, floorPort, databaseUrl, signIn, {
    only: args.calls,
  });
  await stopProcess(server);
  if (!args.calls || args.calls.split(',').includes('GetUser')) {
    const logFile = path.join(dataDir, 'server.log');
    log(`signed in: the server again, logging at info to ${logFile}`);
    server = await startPortal(
      port,
      databaseUrl,
      { ...portalEnv, LOG_LEVEL: 'info' },
      {
        dataDir,
        logFile,
      },
    );
    rows.push(
      ...(await signedInRows(port, barePort, floorPort, databaseUrl, signIn, {
        label: ', logging at info',
        only: 'GetUser',
      })),
    );
    await stopProcess(server);
  }
  await stopProcess(floor);
  return signedInSection(rows, loadAverage);
}

runBenchmark(main);
