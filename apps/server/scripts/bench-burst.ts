/**
 * Registration morning (issue 31, point 2; `npm run bench:burst -w apps/server`, never part of
 * `npm test`). Against the compiled server on a PostgreSQL database of the run's own:
 *
 * 0. **Cost per call**: each call of the morning alone, once per candidate, a few at a time: the
 *    SQL statements it sends (a probe loaded into the server counts them), and the CPU time of the
 *    server and of the database's backends (/proc: another process's load does not count).
 * 1. **Apply burst**: N candidates, already signed in, start evenly over the ramp (60 s). Each
 *    opens the project page and then its form as the SPA does (User/GetUser, Project/GetProject,
 *    ProjectFlow/GetApply, ProjectNotice/GetNotice, Project/GetProjectOpenAsk; then
 *    ProjectApply/GetForm, Project/GetProjectPosition, User/GetUserApplyArchive), uploads its photo
 *    (Common/Upload, multipart, a real JPEG) and submits ProjectApply/Apply with an
 *    Idempotency-Key. A 503 with a waiting line is waited out as the SPA does (its RetryAfterSeconds
 *    ± 20%, the same key) and sent again; anything else not 200, and no answer in 30 s (the SPA's
 *    REQUEST_TIMEOUT_MS), is an error. Afterwards the database must hold exactly one application
 *    per candidate, with its photo attached: 0 lost, 0 double.
 * 2. **Waiting line**: the same with a low capacity (MAX_IN_FLIGHT_REQUESTS), so that most calls
 *    are turned away at first: every submission must still land once.
 * 3. **Sign-in wave**: password sign-ins through the real form (authorize, the sign-in page, the
 *    password POST, the redirect back with the token) at rising rates, while a visitor opens the
 *    sign-in page five times a second: what is served, what is turned away with Retry-After, and
 *    how long the page takes.
 *
 * Tokens: a sample of the burst's candidates (--sampled, 20) sign in through the real password form
 * first and use the token they got; the rest hold access tokens minted directly with the server's
 * signing key (as bench:api and bench:exam do), because 20,000 password sign-ins would take ten
 * minutes of scrypt before the morning starts (the wave measures that part on its own).
 *
 * Each candidate sends X-Forwarded-For with an address of its own and the server runs with
 * TRUST_PROXY=on, as behind a proxy: the per-address limits count candidates, not this machine. No
 * limit is raised. The load comes from this process on the same two cores.
 *
 *   options: --candidates 2000,5000,10000,20000 (one run each, a fresh database each)
 *            --ramp 60 (seconds) --only costs,burst,waiting-line,sign-in --no-build
 *            --cost-candidates 1050 (the cost per call: each call alone, 1,000 after 50 to warm up)
 *            --capacity 10 --waiting-candidates 500 --waiting-ramp 10 (the waiting-line run)
 *            --rates 10,20,30,40,60,80 --step 10 (sign-in wave: per second, seconds a rate)
 *            --port 19700 (or BENCH_PORT) --profile (the server writes a CPU profile; its top
 *            functions are printed) --label "text" --no-write
 *   PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import {
  apply,
  type Endpoint,
  FLOW_NOTICE_COUNT,
  FLOW_QUESTION_COUNT,
  getApply,
  getForm,
  getProject,
  getProjectNotice,
  getProjectOpenAsk,
  getProjectPosition,
  getUser,
  getUserApplyArchive,
  IDEMPOTENCY_KEY_HEADER,
  isValidChineseIdNumber,
  upload,
  waitingLineSchema,
} from '@portal/contracts';
import jpeg from 'jpeg-js';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { hashPassword } from '../src/domain/accounts/passwords.js';
import { POLICY_VERSIONS } from '../src/domain/privacy/consents.js';
import { loadOrCreateSecrets } from '../src/platform/secrets.js';
import { signAccessToken } from '../src/platform/tokens.js';
import { SEED_PROJECTS } from '../src/testing/demo-fixtures.js';
import { accessTokenOf, CookieBrowser, formAction } from '../src/testing/cookie-browser.js';
import {
  createPostgresDatabase,
  POSTGRES_BASE,
  REPO_DIR,
  runBenchmark,
  startCompiledPortal,
  stopProcess,
  temporaryDataDir,
} from './bench-kit.js';
import { withSectionsReplaced } from './report-sections.js';

const { values: args } = parseArgs({
  options: {
    candidates: { type: 'string', default: '2000,5000,10000,20000' },
    ramp: { type: 'string', default: '60' },
    only: { type: 'string', default: 'costs,burst,waiting-line,sign-in' },
    'cost-candidates': { type: 'string', default: '1050' },
    capacity: { type: 'string', default: '10' },
    'waiting-candidates': { type: 'string', default: '500' },
    'waiting-ramp': { type: 'string', default: '10' },
    rates: { type: 'string', default: '10,20,30,40,60,80' },
    step: { type: 'string', default: '10' },
    sampled: { type: 'string', default: '20' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '19700' },
    profile: { type: 'boolean', default: false },
    label: { type: 'string', default: '' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const RAMP_S = Number(args.ramp);
const SECTIONS = new Set(args.only.split(',').map((s) => s.trim()));
const RESULT_FILE = path.join(REPO_DIR, 'bench-results/burst.md');
/** The SPA gives up on a call after this long (apps/web's REQUEST_TIMEOUT_MS). */
const REQUEST_TIMEOUT_MS = 30_000;
/** No call waits in line longer than this: the run ends by itself. */
const GIVE_UP_AFTER_MS = 30 * 60_000;
/** Issue 31's target for the burst: apply p99 ≤ 1 s. */
const TARGET_APPLY_P99_MS = 1_000;
const PASSWORD = 'Burst@2026morning';
/** Where the bench's own candidates' numbers start (the seed's are 13x). */
const MOBILE_PREFIX = '172';

function log(message: string) {
  console.error(`[bench:burst] ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';

// ---- the machine: CPU time of the server and of PostgreSQL ----

const TICKS_PER_SECOND = 100;
/** utime + stime of a process, in seconds (Linux /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
/** The CPU seconds of each PostgreSQL backend serving `database` (its title names it). */
function postgresBackends(database: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `))
        found.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * CPU seconds of the server process, of the PostgreSQL backends of the run's database (read every
 * 250 ms, so a backend the pool closes meanwhile keeps what it had spent; other databases and the
 * shared writers are not counted) and of this load generator, from now until the meter is read.
 */
function cpuMeter(serverPid: number, database: string) {
  const first = postgresBackends(database);
  const last = new Map(first);
  let reading = true;
  void (async () => {
    while (reading) {
      await sleep(250);
      for (const [pid, seconds] of postgresBackends(database)) last.set(pid, seconds);
    }
  })();
  const start = {
    server: cpuSecondsOf(serverPid),
    client: process.cpuUsage(),
    at: performance.now(),
  };
  return () => {
    reading = false;
    for (const [pid, seconds] of postgresBackends(database)) last.set(pid, seconds);
    let postgres = 0;
    for (const [pid, seconds] of last) postgres += seconds - (first.get(pid) ?? 0);
    const client = process.cpuUsage(start.client);
    return {
      seconds: (performance.now() - start.at) / 1000,
      server: cpuSecondsOf(serverPid) - start.server,
      postgres,
      client: (client.user + client.system) / 1e6,
    };
  };
}

// ---- HTTP: one keep-alive pool, as a proxy in front of the box would hold ----

/**
 * Up to 512 connections at once, as a proxy's to the box: past them a request waits here, and
 * that wait is in its time. (Thousands of new connections at once overflow the listen backlog
 * and are reset, which no proxy in front would do.)
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request. A kept-alive connection the server closed as it was reused (its idle timeout met the
 * request on the way) is tried once more on a new one, as browsers do: no answer was begun.
 */
async function send(
  url: URL,
  method: 'GET' | 'POST',
  headers: http.OutgoingHttpHeaders,
  body?: Buffer,
): Promise<Answer> {
  try {
    return await sendOnce(url, method, headers, body);
  } catch (error) {
    if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error;
    return sendOnce(url, method, headers, body);
  }
}

function sendOnce(
  url: URL,
  method: 'GET' | 'POST',
  headers: http.OutgoingHttpHeaders,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { ...headers, 'content-length': body.length } : headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: (encoding === 'br'
              ? zlib.brotliDecompressSync(body)
              : encoding === 'gzip'
                ? zlib.gunzipSync(body)
                : body
            ).toString('utf8'),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error: Error & { code?: string }) =>
      reject(
        Object.assign(error, {
          reusedSocket:
            request.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(error.code ?? '') && !answered,
        }),
      ),
    );
    request.end(body);
  });
}

// ---- what a candidate sends ----

/** A passport photo (295×413, 一寸), a real JPEG of about 20 KB: face, shoulders, a blue ground. */
function passportPhoto(): Buffer {
  const width = 295;
  const height = 413;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const face = (x - 147) ** 2 / 75 ** 2 + (y - 170) ** 2 / 95 ** 2 <= 1;
      const shoulders = y > 290 && Math.abs(x - 147) < 60 + (y - 290);
      const [r, g, b] = face
        ? [236, 200 - ((y - 75) >> 3), 170]
        : shoulders
          ? [40, 40, 60 + (x % 7)]
          : [60, 120 + (y >> 4), 215];
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  return Buffer.from(jpeg.encode({ data, width, height }, 90).data);
}

/** A valid 18-digit ID number (GB 11643 check digit) born 1990-03-07, distinct per candidate. */
function idNumberOf(index: number): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const area = 110101 + (Math.floor(index / 1000) % 8);
  const body = `${area}19900307${String(index % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((n, digit, i) => n + Number(digit) * weights[i]!, 0);
  const id = body + '10X98765432'[sum % 11]!;
  if (!isValidChineseIdNumber(id)) throw new Error(`not a valid ID number: ${id}`);
  return id;
}

function multipartPhoto(photo: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----burst${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="Purpose"\r\n\r\nphoto\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="photo.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, photo, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// ---- one run's record ----

const CALLS = [
  'GetUser',
  'GetProject',
  'GetApply',
  'GetNotice',
  'GetProjectOpenAsk',
  'GetForm',
  'GetProjectPosition',
  'GetUserApplyArchive',
  'Upload',
  'Apply',
] as const;
type CallName = (typeof CALLS)[number];

class Tally {
  latencies = new Map<CallName, number[]>(CALLS.map((c) => [c, []]));
  turnedAway = new Map<CallName, number>(CALLS.map((c) => [c, 0]));
  errors = new Map<CallName, number>(CALLS.map((c) => [c, 0]));
  errorSamples: string[] = [];
  /** From the first send of Apply to its 200, waits in line included. */
  applyEndToEnd: number[] = [];
  /** Candidates whose Apply was answered 200, with the ApplyId it named. */
  applied = new Map<number, number>();
  retryAfterMissing = 0;
  firstApplyAt = Infinity;
  lastApplyAt = 0;

  error(call: CallName, what: string) {
    this.errors.set(call, this.errors.get(call)! + 1);
    if (this.errorSamples.length < 10) this.errorSamples.push(`${call}: ${what}`);
  }
}

interface Candidate {
  userId: number;
  index: number;
  token: string;
}

interface Target {
  baseUrl: string;
  projectId: number;
  positionId: number;
  photo: Buffer;
}

const serviceUrl = (baseUrl: string, endpoint: Endpoint, query?: Record<string, unknown>) => {
  const url = new URL(`${baseUrl}/services/${endpoint.service}${endpoint.path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  return url;
};

/**
 * One call as the SPA's HTTP layer sends it: a 503 with a waiting line is waited out (its
 * RetryAfterSeconds ± 20%) and the same request sent again; the answer's Data, or null on error.
 */
async function call(
  record: Tally,
  name: CallName,
  url: URL,
  headers: http.OutgoingHttpHeaders,
  body?: Buffer,
): Promise<unknown> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await send(url, body ? 'POST' : 'GET', headers, body);
    } catch (error) {
      record.error(name, (error as Error).message);
      return null;
    }
    const ms = performance.now() - started;
    if (answer.status === 503) {
      const line = waitingLineSchema.safeParse(
        (JSON.parse(answer.text) as { Data?: unknown }).Data,
      );
      if (!line.success) {
        record.error(name, `503 without a waiting line: ${answer.text.slice(0, 120)}`);
        return null;
      }
      if (!answer.headers['retry-after']) record.retryAfterMissing += 1;
      record.turnedAway.set(name, record.turnedAway.get(name)! + 1);
      if (Date.now() > deadline) {
        record.error(name, 'still in the waiting line after 30 minutes');
        return null;
      }
      await sleep(line.data.RetryAfterSeconds * 1000 * (0.8 + 0.4 * Math.random()));
      continue;
    }
    record.latencies.get(name)!.push(ms);
    if (answer.status !== 200) {
      record.error(name, `${answer.status} ${answer.text.slice(0, 160)}`);
      return null;
    }
    return (JSON.parse(answer.text) as { Data: unknown }).Data;
  }
}

const headersOf = (candidate: Candidate) => {
  const i = candidate.index;
  return {
    authorization: candidate.token,
    accept: 'application/json',
    // As every browser sends it: the answers come compressed, as they do to a candidate.
    'accept-encoding': 'gzip, deflate, br',
    'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  };
};

/** The reads of the project page (sent together, as the SPA's queries go out), then the form page's. */
function pageReads(target: Target): [CallName, Endpoint, Record<string, unknown>][][] {
  const ProjectId = target.projectId;
  return [
    [
      ['GetUser', getUser, {}],
      ['GetProject', getProject, { ProjectId }],
      ['GetApply', getApply, { ProjectId }],
      ['GetNotice', getProjectNotice, { ProjectId, PageIndex: 1, PageSize: FLOW_NOTICE_COUNT }],
      [
        'GetProjectOpenAsk',
        getProjectOpenAsk,
        { ProjectId, PageIndex: 1, PageSize: FLOW_QUESTION_COUNT },
      ],
    ],
    [
      ['GetForm', getForm, { ProjectId }],
      ['GetProjectPosition', getProjectPosition, { ProjectId }],
      ['GetUserApplyArchive', getUserApplyArchive, {}],
    ],
  ];
}

const read = (
  record: Tally,
  target: Target,
  candidate: Candidate,
  [name, endpoint, query]: [CallName, Endpoint, Record<string, unknown>],
) => call(record, name, serviceUrl(target.baseUrl, endpoint, query), headersOf(candidate));

interface Photo {
  FileId: string;
  FileName: string;
  Size: number;
  ContentType: string;
}

/** The photo, as the form's upload sends it. */
async function uploadPhoto(record: Tally, target: Target, candidate: Candidate) {
  const part = multipartPhoto(target.photo);
  return (await call(
    record,
    'Upload',
    serviceUrl(target.baseUrl, upload),
    { ...headersOf(candidate), 'content-type': part.contentType },
    part.body,
  )) as Photo | null;
}

/** The form sent, with its photo and an Idempotency-Key, as the SPA sends Apply. */
async function submit(record: Tally, target: Target, candidate: Candidate, photo: Photo) {
  const i = candidate.index;
  const request = {
    ProjectId: target.projectId,
    PositionId: target.positionId,
    SensitiveConsent: true,
    Values: {
      name: `考生${String(i).padStart(5, '0')}`,
      gender: i % 2 ? 'male' : 'female',
      idNumber: idNumberOf(i),
      birthDate: '1990-03-07',
      mobile: mobileOf(i),
      education: 'bachelor',
      major: '计算机科学与技术',
      hukou: ['11', '110101'],
      hasWork: 'no',
      photo,
    },
  };
  const started = performance.now();
  record.firstApplyAt = Math.min(record.firstApplyAt, started);
  const applied = (await call(
    record,
    'Apply',
    serviceUrl(target.baseUrl, apply),
    {
      ...headersOf(candidate),
      'content-type': 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: randomBytes(18).toString('hex'),
    },
    Buffer.from(JSON.stringify(request)),
  )) as { ApplyId: number } | null;
  if (!applied) return;
  record.lastApplyAt = Math.max(record.lastApplyAt, performance.now());
  record.applyEndToEnd.push(performance.now() - started);
  record.applied.set(candidate.userId, applied.ApplyId);
}

/** One candidate's morning: the project page, the form page, the photo, the submission. */
async function candidateMorning(record: Tally, target: Target, candidate: Candidate) {
  for (const together of pageReads(target))
    await Promise.all(together.map((each) => read(record, target, candidate, each)));
  const photo = await uploadPhoto(record, target, candidate);
  if (photo)
    await submit(record, target, candidate, {
      FileId: photo.FileId,
      FileName: photo.FileName,
      Size: photo.Size,
      ContentType: photo.ContentType,
    });
}

// ---- the server and its data ----

interface Server {
  port: number;
  pid: number;
  statements(): Promise<number>;
  stop(): Promise<void>;
  dataDir: string;
  databaseUrl: string;
  profileDir?: string;
}

async function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  {
    dataDir,
    profile = false,
    countStatements = false,
  }: { dataDir?: string; profile?: boolean; countStatements?: boolean } = {},
): Promise<Server> {
  const folder = dataDir ?? temporaryDataDir('bench-burst-');
  const profileDir = profile ? fs.mkdtempSync(path.join(folder, 'profile-')) : undefined;
  const report = path.join(folder, 'statements.json');
  const { child } = await startCompiledPortal({
    port,
    databaseUrl,
    dataDir: folder,
    nodeArgs: [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(countStatements ? ['--import=./scripts/statement-count-probe.mjs'] : []),
    ],
    env: { TRUST_PROXY: 'on', STATEMENT_REPORT: report, ...env },
  });
  return {
    port,
    pid: child.pid!,
    dataDir: folder,
    /** The SQL statements sent so far (a server started with countStatements). */
    async statements() {
      fs.rmSync(report, { force: true });
      child.kill('SIGUSR2');
      for (let i = 0; i < 50 && !fs.existsSync(report); i++) await sleep(20);
      return (JSON.parse(fs.readFileSync(report, 'utf8')) as { statements: number }).statements;
    },
    databaseUrl,
    profileDir,
    stop: () => stopProcess(child),
  };
}

/** The seed's journey project (open, the full form with a photo) and its first position. */
async function targetOf(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [row],
  } = await client.query<{ project_id: number; position_id: number; tenant_id: number }>(
    `select p.id as project_id, p.tenant_id, (select id from positions where project_id = p.id
       order by sort limit 1) as position_id from projects p where p.title = $1`,
    [SEED_PROJECTS.journey],
  );
  await client.end();
  return { projectId: row!.project_id, positionId: row!.position_id, tenantId: row!.tenant_id };
}

/**
 * N candidates in one statement, as signed up: the same real password hash for each (one scrypt's
 * cost each, as any), the agreement and the privacy policy accepted.
 */
async function addCandidates(
  databaseUrl: string,
  tenantId: number,
  count: number,
  from: number,
  passwordHash: string,
): Promise<{ userId: number; index: number }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: number; mobile: string }>(
    `insert into users (tenant_id, mobile, name, password_hash)
     select $1, $2 || lpad(g::text, 8, '0'), '考生' || g, $3
     from generate_series($4::int, $5::int) g
     returning id, mobile`,
    [tenantId, MOBILE_PREFIX, passwordHash, from, from + count - 1],
  );
  await client.query(
    `insert into consents (user_id, kind, version, granted_at)
     select u, k.kind, k.version, now() from unnest($1::int[]) u
     cross join unnest($2::text[], $3::text[]) as k(kind, version)`,
    [rows.map((row) => row.id), Object.keys(POLICY_VERSIONS), Object.values(POLICY_VERSIONS)],
  );
  await client.query('analyze users');
  await client.end();
  return rows.map((row) => ({ userId: row.id, index: Number(row.mobile.slice(3)) }));
}

const mobileOf = (index: number) => `${MOBILE_PREFIX}${String(index).padStart(8, '0')}`;

/** The SPA's sign-in: authorize, the sign-in page, the password form, back with the token. */
async function passwordSignIn(
  baseUrl: string,
  mobile: string,
  address: string,
  timing?: { page?: (ms: number) => void; post?: (ms: number) => void },
): Promise<{ token?: string; status: number; retryAfter?: string }> {
  const browser = new CookieBrowser(undefined, { 'x-forwarded-for': address });
  const callback = `${baseUrl}/views/auth/callback`;
  const authorize = new URL(`${baseUrl}/identity/connect/authorize`);
  authorize.search = new URLSearchParams({
    client_id: 'portal-web',
    redirect_uri: callback,
    response_type: 'token id_token',
    scope: 'openid profile',
    state: randomBytes(24).toString('base64url'),
    nonce: randomBytes(24).toString('base64url'),
  }).toString();
  let started = performance.now();
  const opened = await browser.follow(authorize.href, callback);
  if (opened.response?.status !== 200) return { status: opened.response?.status ?? 0 };
  const page = await opened.response.text();
  timing?.page?.(performance.now() - started);
  started = performance.now();
  const done = await browser.follow(formAction(page, baseUrl), callback, {
    form: { mobile, password: PASSWORD },
  });
  timing?.post?.(performance.now() - started);
  if (done.response) {
    await done.response.text();
    return {
      status: done.response.status,
      retryAfter: done.response.headers.get('retry-after') ?? undefined,
    };
  }
  return { status: 200, token: accessTokenOf(done.url) ?? undefined };
}

/** Access tokens for the candidates: the sample through the real sign-in, the rest minted. */
async function tokensFor(
  server: Server,
  candidates: { userId: number; index: number }[],
): Promise<{ candidates: Candidate[]; sampledOk: number }> {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const sampled = Math.min(Number(args.sampled), candidates.length);
  let sampledOk = 0;
  const tokens = new Map<number, string>();
  for (const { userId, index } of candidates.slice(0, sampled)) {
    const signedIn = await passwordSignIn(baseUrl, mobileOf(index), `10.250.0.${index & 255}`);
    if (!signedIn.token) throw new Error(`the sample's sign-in answered ${signedIn.status}`);
    tokens.set(userId, `Bearer ${signedIn.token}`);
    sampledOk += 1;
  }
  const secrets = await loadOrCreateSecrets(server.dataDir);
  const config = loadConfig({
    ...process.env,
    PORTAL_MODE: 'demo',
    NODE_ENV: 'development',
    PUBLIC_URL: baseUrl,
    DATA_DIR: server.dataDir,
  });
  for (const { userId, index } of candidates.slice(sampled))
    tokens.set(
      userId,
      `Bearer ${await signAccessToken(secrets.signingJwk, config.authorityUrl, { userId, name: `考生${index}` }, 3 * 3600)}`,
    );
  return {
    candidates: candidates.map((c) => ({ ...c, token: tokens.get(c.userId)! })),
    sampledOk,
  };
}

/** What the database holds afterwards: one application per candidate, its photo attached. */
async function landed(databaseUrl: string, projectId: number, userIds: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const {
    rows: [counts],
  } = await client.query<{ rows: string; users: string; photos: string }>(
    `select count(*) as rows, count(distinct a.user_id) as users,
       (select count(*) from uploads u where u.user_id = any($2::int[]) and u.attached_at is not null) as photos
     from applications a where a.project_id = $1 and a.user_id = any($2::int[])`,
    [projectId, userIds],
  );
  const { rows } = await client.query<{ user_id: number; id: number }>(
    'select user_id, id from applications where project_id = $1 and user_id = any($2::int[])',
    [projectId, userIds],
  );
  await client.end();
  return {
    rows: Number(counts!.rows),
    users: Number(counts!.users),
    photos: Number(counts!.photos),
    byUser: new Map(rows.map((r) => [r.user_id, r.id])),
  };
}

// ---- the profile ----

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** The profile's functions by self time, the heaviest first, and its packages by self time. */
function summariseProfile(dir: string): string[] {
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return ['(no profile written)'];
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(REPO_DIR, '');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
      (where.includes('/apps/server/dist/') ? 'portal server' : where ? 'node' : functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  return [
    `profile ${file}: ${(total / 1e6).toFixed(1)} s sampled`,
    'by package:',
    ...top(packages, 20),
    'by function:',
    ...top(functions, 40),
  ];
}

// ---- the runs ----

interface BurstRow {
  label: string;
  candidates: number;
  record: Tally;
  cpu: ReturnType<ReturnType<typeof cpuMeter>>;
  db: { rows: number; users: number; photos: number; mismatched: number };
  sampledOk: number;
  wallSeconds: number;
}

/** A database, the server on it, N candidates with their tokens, and what they apply to. */
async function prepare(
  count: number,
  label: string,
  env: Record<string, string> = {},
  countStatements = false,
) {
  const databaseUrl = await createPostgresDatabase('bench_burst');
  log(`${label}: starting the server (first start writes the demo data)`);
  let server = await startServer(PORT, databaseUrl);
  const { projectId, positionId, tenantId } = await targetOf(databaseUrl);
  log(`${label}: adding ${count} candidates`);
  const passwordHash = await hashPassword(PASSWORD);
  const made = await addCandidates(databaseUrl, tenantId, count, 1, passwordHash);
  if (Object.keys(env).length > 0 || args.profile || countStatements) {
    // The run's own settings (and the profile, the statement count) from a start of their own.
    await server.stop();
    server = await startServer(PORT, databaseUrl, env, {
      dataDir: server.dataDir,
      profile: args.profile,
      countStatements,
    });
  }
  const { candidates, sampledOk } = await tokensFor(server, made);
  const target: Target = {
    baseUrl: `http://127.0.0.1:${server.port}`,
    projectId,
    positionId,
    photo: passportPhoto(),
  };
  const database = new URL(databaseUrl).pathname.slice(1);
  return { databaseUrl, database, server, candidates, sampledOk, target };
}

async function burst(
  candidatesCount: number,
  rampSeconds: number,
  label: string,
  env: Record<string, string> = {},
): Promise<BurstRow> {
  const { databaseUrl, database, server, candidates, sampledOk, target } = await prepare(
    candidatesCount,
    label,
    env,
  );
  const { projectId } = target;
  log(
    `${label}: ${candidatesCount} candidates over ${rampSeconds} s (photo ${target.photo.length} bytes)`,
  );
  const record = new Tally();
  const meter = cpuMeter(server.pid, database);
  const began = performance.now();
  let done = 0;
  let running = true;
  const progress = (async () => {
    for (;;) {
      await sleep(10_000);
      if (!running) return;
      log(
        `${label}: ${Math.round((performance.now() - began) / 1000)} s, ${done} done, ${record.applied.size} applied, ${[...record.turnedAway.values()].reduce((a, b) => a + b, 0)} turned away, ${[...record.errors.values()].reduce((a, b) => a + b, 0)} errors`,
      );
    }
  })();
  await Promise.all(
    candidates.map(async (candidate, i) => {
      await sleep((i * rampSeconds * 1000) / candidates.length);
      await candidateMorning(record, target, candidate);
      done += 1;
    }),
  );
  running = false;
  void progress;
  const cpu = meter();
  const wallSeconds = (performance.now() - began) / 1000;
  await sleep(500);
  const db = await landed(
    databaseUrl,
    projectId,
    candidates.map((c) => c.userId),
  );
  const mismatched = [...record.applied].filter(
    ([userId, applyId]) => db.byUser.get(userId) !== applyId,
  ).length;
  await server.stop();
  if (server.profileDir) for (const line of summariseProfile(server.profileDir)) console.log(line);
  return {
    label,
    candidates: candidatesCount,
    record,
    cpu,
    db: { rows: db.rows, users: db.users, photos: db.photos, mismatched },
    sampledOk,
    wallSeconds,
  };
}

interface CostRow {
  call: CallName;
  calls: number;
  errors: number;
  /** SQL statements sent per call, BEGIN and COMMIT included. */
  statements: number;
  serverMs: number;
  postgresMs: number;
}

/** Each call alone, for every candidate, a few at a time: the server's and PostgreSQL's CPU per call. */
async function costs(count: number): Promise<{ rows: CostRow[]; idle: CostRow }> {
  const { database, server, candidates, target } = await prepare(count, 'cost per call', {}, true);
  const warm = candidates.slice(0, 50);
  const measured = candidates.slice(50);
  log('cost per call: warming up (50 whole mornings)');
  await runFew(warm, (c) => candidateMorning(new Tally(), target, c));
  const rows: CostRow[] = [];
  const measure = async (name: CallName, each: (c: Candidate, record: Tally) => Promise<void>) => {
    log(`cost per call: ${name} × ${measured.length}`);
    const record = new Tally();
    const statementsBefore = await server.statements();
    const meter = cpuMeter(server.pid, database);
    await runFew(measured, (c) => each(c, record));
    const cpu = meter();
    rows.push({
      call: name,
      calls: measured.length,
      errors: record.errors.get(name)!,
      statements: ((await server.statements()) - statementsBefore) / measured.length,
      serverMs: (cpu.server * 1000) / measured.length,
      postgresMs: (cpu.postgres * 1000) / measured.length,
    });
  };
  for (const together of pageReads(target))
    for (const each of together)
      await measure(each[0], async (c, record) => void (await read(record, target, c, each)));
  const photos = new Map<number, Photo>();
  await measure('Upload', async (c, record) => {
    const photo = await uploadPhoto(record, target, c);
    if (photo)
      photos.set(c.userId, {
        FileId: photo.FileId,
        FileName: photo.FileName,
        Size: photo.Size,
        ContentType: photo.ContentType,
      });
  });
  await measure('Apply', (c, record) => submit(record, target, c, photos.get(c.userId)!));
  // What the server spends doing nothing asked of it, over as long (its timers, its jobs).
  const meter = cpuMeter(server.pid, database);
  await sleep(10_000);
  const idleCpu = meter();
  await server.stop();
  if (server.profileDir) for (const line of summariseProfile(server.profileDir)) console.log(line);
  return {
    rows,
    idle: {
      call: 'GetUser',
      calls: 0,
      errors: 0,
      statements: 0,
      serverMs: (idleCpu.server * 1000) / idleCpu.seconds,
      postgresMs: (idleCpu.postgres * 1000) / idleCpu.seconds,
    },
  };
}

/** `work` for each of `items`, COST_CONCURRENCY at a time. */
const COST_CONCURRENCY = 8;
async function runFew<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: COST_CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function costSection({ rows, idle }: { rows: CostRow[]; idle: CostRow }): string {
  const total = rows.reduce((n, r) => n + r.serverMs + r.postgresMs, 0);
  return [
    '## Cost per call',
    '',
    `Each call of a candidate's morning alone, once for each of ${fmt(rows[0]?.calls ?? 0)} candidates, ${COST_CONCURRENCY} at a time, after 50 whole mornings to warm up: the CPU time the server process and the PostgreSQL backends of the run's database spent, per call (/proc, so another process's load on the machine does not count). Idle, the server spends ${fmt(idle.serverMs, 1)} ms of CPU a second and PostgreSQL ${fmt(idle.postgresMs, 1)} (timers, jobs): included above, negligible at these rates.`,
    '',
    '| call | calls | errors | SQL statements | server CPU ms | PostgreSQL CPU ms | share of the morning |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.call} | ${fmt(r.calls)} | ${r.errors} | ${fmt(r.statements, 1)} | ${fmt(r.serverMs, 2)} | ${fmt(r.postgresMs, 2)} | ${fmt(((r.serverMs + r.postgresMs) / total) * 100, 1)}% |`,
    ),
    `| **a candidate's morning** | | | **${fmt(
      rows.reduce((n, r) => n + r.statements, 0),
      1,
    )}** | **${fmt(
      rows.reduce((n, r) => n + r.serverMs, 0),
      1,
    )}** | **${fmt(
      rows.reduce((n, r) => n + r.postgresMs, 0),
      1,
    )}** | 100% |`,
    '',
    `At that, one box of ${os.cpus().length} cores, its PostgreSQL on the same cores and nothing else on them, serves at most ${fmt((os.cpus().length * 1000) / total, 0)} candidates a second (${fmt((os.cpus().length * 1000 * 60) / total, 0)} a minute).`,
  ].join('\n');
}

interface WaveRow {
  rate: number;
  offered: number;
  signedIn: number;
  turnedAway: number;
  retryAfterSent: number;
  errors: number;
  errorSamples: string[];
  postMs: number[];
  pageMs: number[];
  probeMs: number[];
  probeErrors: number;
  serverCpu: number;
  seconds: number;
}

/** Password sign-ins at each rate for `step` seconds, a visitor opening the page beside them. */
async function signInWave(rates: number[], stepSeconds: number): Promise<WaveRow[]> {
  const databaseUrl = await createPostgresDatabase('bench_burst_signin');
  log('sign-in wave: starting the server');
  let server = await startServer(PORT, databaseUrl);
  if (args.profile) {
    await server.stop();
    server = await startServer(PORT, databaseUrl, {}, { dataDir: server.dataDir, profile: true });
  }
  const { tenantId } = await targetOf(databaseUrl);
  const needed = rates.reduce((n, rate) => n + rate * stepSeconds, 0) + 200;
  const made = await addCandidates(databaseUrl, tenantId, needed, 1, await hashPassword(PASSWORD));
  const baseUrl = `http://127.0.0.1:${server.port}`;
  let next = 0;
  const rows: WaveRow[] = [];
  // Warm-up: a few sign-ins, so the first rate does not pay for the first of everything.
  for (let i = 0; i < 5; i++)
    await passwordSignIn(baseUrl, mobileOf(made[next++]!.index), '10.251.0.1');
  for (const rate of rates) {
    log(`sign-in wave: ${rate}/s for ${stepSeconds} s`);
    const row: WaveRow = {
      rate,
      offered: rate * stepSeconds,
      signedIn: 0,
      turnedAway: 0,
      retryAfterSent: 0,
      errors: 0,
      errorSamples: [],
      postMs: [],
      pageMs: [],
      probeMs: [],
      probeErrors: 0,
      serverCpu: 0,
      seconds: 0,
    };
    const cpuBefore = cpuSecondsOf(server.pid);
    const began = performance.now();
    let probing = true;
    const probe = (async () => {
      for (let n = 0; probing; n++) {
        const started = performance.now();
        try {
          const browser = new CookieBrowser(undefined, {
            'x-forwarded-for': `10.252.${(n >> 8) & 255}.${n & 255}`,
          });
          const authorize = new URL(`${baseUrl}/identity/connect/authorize`);
          authorize.search = new URLSearchParams({
            client_id: 'portal-web',
            redirect_uri: `${baseUrl}/views/auth/callback`,
            response_type: 'token id_token',
            scope: 'openid profile',
            state: randomBytes(24).toString('base64url'),
            nonce: randomBytes(24).toString('base64url'),
          }).toString();
          const opened = await browser.follow(authorize.href, `${baseUrl}/views/`);
          if (opened.response?.status === 200) {
            await opened.response.text();
            row.probeMs.push(performance.now() - started);
          } else row.probeErrors += 1;
        } catch {
          row.probeErrors += 1;
        }
        await sleep(Math.max(0, 200 - (performance.now() - started)));
      }
    })();
    const attempts: Promise<void>[] = [];
    for (let i = 0; i < row.offered; i++) {
      const candidate = made[next++]!;
      attempts.push(
        (async () => {
          await sleep((i * 1000) / rate);
          try {
            const outcome = await passwordSignIn(
              baseUrl,
              mobileOf(candidate.index),
              `10.${(candidate.index >> 16) & 255}.${(candidate.index >> 8) & 255}.${candidate.index & 255}`,
              { page: (ms) => row.pageMs.push(ms), post: (ms) => row.postMs.push(ms) },
            );
            if (outcome.token) row.signedIn += 1;
            else if (outcome.status === 503) {
              row.turnedAway += 1;
              if (outcome.retryAfter) row.retryAfterSent += 1;
            } else {
              row.errors += 1;
              if (row.errorSamples.length < 5) row.errorSamples.push(`status ${outcome.status}`);
            }
          } catch (error) {
            row.errors += 1;
            if (row.errorSamples.length < 5) row.errorSamples.push(String(error));
          }
        })(),
      );
    }
    await Promise.all(attempts);
    probing = false;
    await probe;
    row.seconds = (performance.now() - began) / 1000;
    row.serverCpu = cpuSecondsOf(server.pid) - cpuBefore;
    rows.push(row);
    log(
      `sign-in wave: ${rate}/s: ${row.signedIn} signed in, ${row.turnedAway} turned away, ${row.errors} errors in ${row.seconds.toFixed(1)} s`,
    );
    await sleep(3000);
  }
  await server.stop();
  if (server.profileDir) for (const line of summariseProfile(server.profileDir)) console.log(line);
  return rows;
}

// ---- the report ----

function machine() {
  let postgres = 'unknown';
  try {
    postgres = execSync(`psql "${POSTGRES_BASE}" -Atc "show server_version"`, {
      encoding: 'utf8',
    }).trim();
  } catch {
    // not told
  }
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    load: os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / '),
    node: process.version,
    postgres,
  };
}

function burstSection(rows: BurstRow[], heading: string, note: string): string {
  const lines = [
    heading,
    '',
    note,
    '',
    '| run | candidates | applied | lost | double | photos attached | errors | turned away (503) | applies/s | apply p50 / p99 ms (a request) | apply p50 / p99 ms (first send to landed) | server CPU ms / candidate | PostgreSQL CPU ms / candidate | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const row of rows) {
    const r = row.record;
    const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
    const turned = [...r.turnedAway.values()].reduce((a, b) => a + b, 0);
    const apply = r.latencies.get('Apply')!;
    const lost = row.candidates - row.db.users;
    const double = row.db.rows - row.db.users;
    const p99 = percentile(apply, 99);
    const spread = (r.lastApplyAt - r.firstApplyAt) / 1000;
    const met =
      errors === 0 &&
      lost === 0 &&
      double === 0 &&
      row.db.mismatched === 0 &&
      p99 <= TARGET_APPLY_P99_MS;
    lines.push(
      `| ${row.label} | ${fmt(row.candidates)} | ${fmt(r.applied.size)} | ${lost} | ${double} | ${fmt(row.db.photos)} | ${errors} | ${fmt(turned)} | ${fmt(r.applied.size / spread, 1)} | ${fmt(percentile(apply, 50))} / ${fmt(p99)} | ${fmt(percentile(r.applyEndToEnd, 50))} / ${fmt(percentile(r.applyEndToEnd, 99))} | ${fmt((row.cpu.server * 1000) / row.candidates, 1)} | ${fmt((row.cpu.postgres * 1000) / row.candidates, 1)} | ${met ? 'met' : '**missed**'} |`,
    );
  }
  lines.push(
    '',
    'Each call, all runs above (a request: the answered attempt; turned away: its 503s):',
    '',
  );
  lines.push(
    '| run | call | answered | turned away | errors | p50 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const row of rows)
    for (const name of CALLS) {
      const ms = row.record.latencies.get(name)!;
      lines.push(
        `| ${row.label} | ${name} | ${fmt(ms.length)} | ${fmt(row.record.turnedAway.get(name)!)} | ${row.record.errors.get(name)} | ${fmt(percentile(ms, 50), 1)} | ${fmt(percentile(ms, 99), 1)} |`,
      );
    }
  const samples = rows.flatMap((row) => row.record.errorSamples.map((s) => `${row.label}: ${s}`));
  if (samples.length) lines.push('', 'Error samples:', '', ...samples.map((s) => `- ${s}`));
  lines.push(
    '',
    `Machine time of each run: ${rows.map((row) => `${row.label}: ${row.wallSeconds.toFixed(0)} s wall, server ${row.cpu.server.toFixed(0)} CPU-s, PostgreSQL ${row.cpu.postgres.toFixed(0)} CPU-s, the load generator ${row.cpu.client.toFixed(0)} CPU-s; ${row.sampledOk} candidates signed in through the password form`).join('; ')}.`,
  );
  if (rows.some((row) => row.record.retryAfterMissing > 0))
    lines.push(
      '',
      `503s without Retry-After: ${rows.map((r) => r.record.retryAfterMissing).join(', ')}`,
    );
  return lines.join('\n');
}

function waveSection(rows: WaveRow[]): string {
  return [
    '## Sign-in wave',
    '',
    'Password sign-ins through the real form at each rate, distinct candidates and addresses; a visitor opens the sign-in page (authorize → the page) every 200 ms beside them. "Turned away" is a 503 with Retry-After (the page says to wait); an error is anything else that did not sign in. Latencies are the client\'s: the page (authorize and its redirect to the form), the password POST until the redirect back with the token.',
    '',
    '| offered /s | offered | signed in | signed in /s | turned away (503, Retry-After) | errors | password POST p50 / p99 ms | sign-in page p50 / p99 ms (the visitor) | visitor errors | server CPU ms / sign-in | server CPU busy |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.rate} | ${r.offered} | ${r.signedIn} | ${fmt(r.signedIn / r.seconds, 1)} | ${r.turnedAway} (${r.retryAfterSent}) | ${r.errors} | ${fmt(percentile(r.postMs, 50))} / ${fmt(percentile(r.postMs, 99))} | ${fmt(percentile(r.probeMs, 50))} / ${fmt(percentile(r.probeMs, 99))} | ${r.probeErrors} | ${fmt((r.serverCpu * 1000) / Math.max(1, r.signedIn), 0)} | ${fmt((r.serverCpu / r.seconds) * 100)}% |`,
    ),
    ...(rows.some((r) => r.errorSamples.length)
      ? [
          '',
          'Error samples:',
          '',
          ...rows.flatMap((r) => r.errorSamples.map((s) => `- ${r.rate}/s: ${s}`)),
        ]
      : []),
  ].join('\n');
}

const HEADINGS = ['## Cost per call', '## Waiting line', '## Sign-in wave', '## Apply burst'];

/**
 * Writes one section into bench-results/burst.md as soon as it is measured (the others are kept
 * from their last run), with when it was measured and the machine's load then.
 */
function writeSection(section: string) {
  const { cores, cpu, node, postgres, load } = machine();
  const [heading, ...body] = section.split('\n');
  const stamped = [
    heading,
    '',
    `Measured ${new Date().toISOString()}: ${cores} cores (${cpu}), Node ${node}, PostgreSQL ${postgres} on the same machine, the load generator too; load average (1/5/15 min) ${load} at the end.`,
    ...body,
  ].join('\n');
  console.log(stamped);
  if (args['no-write']) return;
  const previous = fs.existsSync(RESULT_FILE) ? fs.readFileSync(RESULT_FILE, 'utf8') : '';
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  fs.writeFileSync(
    RESULT_FILE,
    [
      '# Registration morning (`npm run bench:burst -w apps/server`, issue 31 point 2)',
      '',
      'Each section is the latest run of its part (`--only` runs some); what they mean: docs/performance.md, "Registration morning".',
      '',
      ...withSectionsReplaced(previous, [stamped], HEADINGS).flatMap((text) => [text, '']),
    ].join('\n'),
  );
  log(`${heading} written to ${path.relative(REPO_DIR, RESULT_FILE)}`);
}

async function main() {
  if (!args['no-build']) {
    log('building the contracts and the server');
    execSync('npm run build -w packages/contracts && npm run build -w apps/server', {
      cwd: REPO_DIR,
      stdio: 'inherit',
    });
  }
  if (SECTIONS.has('costs'))
    writeSection(costSection(await costs(Number(args['cost-candidates']))));
  if (SECTIONS.has('waiting-line')) {
    const n = Number(args['waiting-candidates']);
    const ramp = Number(args['waiting-ramp']);
    const row = await burst(n, ramp, `${fmt(n)} in ${ramp} s, capacity ${args.capacity}`, {
      MAX_IN_FLIGHT_REQUESTS: args.capacity,
      WAITING_LINE_RETRY_SECONDS: '1',
    });
    writeSection(
      burstSection(
        [row],
        '## Waiting line: the same morning past a low capacity',
        `The server started with MAX_IN_FLIGHT_REQUESTS=${args.capacity} and WAITING_LINE_RETRY_SECONDS=1: past ${args.capacity} calls in flight each new call is answered 503 with Retry-After and a waiting line, and sent again after it (± 20%) with the same Idempotency-Key. Target: every submission lands once (0 lost, 0 double, 0 errors).`,
      ),
    );
  }
  if (SECTIONS.has('sign-in'))
    writeSection(
      waveSection(await signInWave(args.rates.split(',').map(Number), Number(args.step))),
    );
  if (SECTIONS.has('burst')) {
    const rows: BurstRow[] = [];
    for (const n of args.candidates.split(',').map(Number)) {
      rows.push(
        await burst(n, RAMP_S, `${fmt(n)} in ${RAMP_S} s${args.label ? `, ${args.label}` : ''}`),
      );
      // Written after each run: a long morning's rows are not lost to a later one's failure.
      writeSection(
        burstSection(
          rows,
          `## Apply burst: signed-in candidates open the project, upload a photo and apply within ${RAMP_S} s`,
          `Default capacity settings (MAX_IN_FLIGHT_REQUESTS 300, MAX_EVENT_LOOP_DELAY_MS 1000, WAITING_LINE_RETRY_SECONDS 5); no limit raised. Target (issue 31): 20,000 in 60 s, 0 errors, 0 lost, 0 double, apply p99 ≤ ${TARGET_APPLY_P99_MS} ms (a request). Applies/s: applications landed over the time from the first Apply sent to the last answered.`,
        ),
      );
    }
  }
}

runBenchmark(main);
