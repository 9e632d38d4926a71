/**
 * The online-exam load benchmark (issue 11; `npm run bench:exam`, never part of `npm test`):
 * N candidates start within a ramp, read their paper, and autosave every interval for a while,
 * against real server processes. Reports errors and p50/p99 of start, paper and save, and adds
 * the table to bench-results/exam.md at the repository root.
 *
 *   npm run bench:exam -w apps/server -- --db postgres            one process on PostgreSQL
 *   npm run bench:exam -w apps/server -- --db pglite              one process on the embedded PGlite
 *   npm run bench:exam -w apps/server -- --db postgres --processes 2   two processes + Redis behind a proxy
 *   options: --candidates 2000 --ramp 60 --duration 300 --interval 15 (seconds), --port 18385
 *   (the proxy or the one process; two processes take the next ports, Redis port + 9),
 *   --label "text" (named in the results file), --kill-at 40 (SIGKILL the one server process 40 s
 *   into the run and check, on PostgreSQL, that every acknowledged save is stored)
 *
 * Each candidate sends X-Forwarded-For with its own address and the servers run with
 * TRUST_PROXY=on, as behind a proxy (docs/operations.md): nothing counted per address counts the
 * one machine the load comes from. Each candidate's calls carry its own token, so the service rate
 * limit counts each candidate as a user, as in an exam room.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { applications, positions, projects, users } from '../src/db/schema/index.js';
import { SEED_PROJECTS } from '../src/demo-data/30-projects.js';
import { seedIfEmpty } from '../src/demo-data/index.js';
import { loadOrCreateSecrets } from '../src/platform/secrets.js';
import { installDataKeys } from '../src/platform/sealed-values.js';
import { signAccessToken } from '../src/platform/tokens.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    processes: { type: 'string', default: '1' },
    candidates: { type: 'string', default: '2000' },
    ramp: { type: 'string', default: '60' },
    duration: { type: 'string', default: '300' },
    interval: { type: 'string', default: '15' },
    port: { type: 'string', default: '18385' },
    label: { type: 'string', default: '' },
    /** SIGKILL the server this many seconds into the run, then check no acknowledged save is lost. */
    'kill-at': { type: 'string' },
  },
});
const CANDIDATES = Number(args.candidates);
const RAMP_MS = Number(args.ramp) * 1000;
const DURATION_MS = Number(args.duration) * 1000;
const INTERVAL_MS = Number(args.interval) * 1000;
const PROCESSES = Number(args.processes);
const PORT = Number(args.port);
const POSTGRES_BASE =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const RESULTS_FILE = path.resolve(SERVER_DIR, '../../bench-results/exam.md');
const SERVICE_PATH = '/services/exam-custom/OpenService/v1/ProjectOnLineExamine';

type CallName = 'start' | 'paper' | 'save';
const latencies: Record<CallName, number[]> = { start: [], paper: [], save: [] };
const errors: Record<CallName, number> = { start: 0, paper: 0, save: 0 };
const errorSamples: string[] = [];
/** The newest acknowledged revision of each application's attempt. */
const acknowledged = new Map<number, number>();
/** When each save was answered (ms since the epoch), beside its latency in latencies.save. */
const saveEnds: number[] = [];

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_exam_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_BASE });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Migrated, seeded, and N more candidates with a paid application on the one-hour exam. */
interface Candidate {
  applyId: number;
  userId: number;
}

async function prepareData(dataDir: string, databaseUrl: string | undefined): Promise<Candidate[]> {
  // The server started later reads the same keys from the data folder.
  installDataKeys((await loadOrCreateSecrets(dataDir)).dataKeys);
  const database = await openDatabase({ databaseUrl, dataDir: `${dataDir}/pglite` });
  await database.migrate();
  await seedIfEmpty(database.db);
  const { db } = database;
  const [project] = await db
    .select()
    .from(projects)
    .where(eq(projects.title, SEED_PROJECTS.paidExam));
  const [position] = await db
    .select()
    .from(positions)
    .where(eq(positions.projectId, project!.id))
    .orderBy(asc(positions.sort))
    .limit(1);
  const candidates: Candidate[] = [];
  for (let from = 0; from < CANDIDATES; from += 500) {
    const batch = Array.from({ length: Math.min(500, CANDIDATES - from) }, (_, i) => ({
      tenantId: project!.tenantId,
      mobile: `170${String(from + i).padStart(8, '0')}`,
      name: `考生${from + i}`,
      // Never signed in with: the bench signs access tokens directly.
      passwordHash: 'bench',
    }));
    const created = await db.insert(users).values(batch).returning({ id: users.id });
    const applied = await db
      .insert(applications)
      .values(
        created.map((u) => ({
          userId: u.id,
          projectId: project!.id,
          positionId: position!.id,
          values: {},
          status: 'Paid' as const,
        })),
      )
      .returning({ id: applications.id, userId: applications.userId });
    candidates.push(...applied.map((a) => ({ applyId: a.id, userId: a.userId })));
  }
  await database.close();
  return candidates;
}

function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    // Demo mode: the local gateways, keys in DATA_DIR (production refuses to start without its
    // providers); the database is already seeded, so nothing more is written.
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'on',
      PORTAL_MODE: 'demo',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server on ${port} exited`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return resolve(child);
      } catch {
        // not yet
      }
      if (Date.now() > deadline) return reject(new Error(`server on ${port} did not start`));
      setTimeout(() => void poll(), 300);
    };
    void poll();
  });
}

/**
 * Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy must not pass
 * them on. Passing the upstream's `Keep-Alive: timeout=…` told the load generator to keep idle
 * sockets longer than this proxy keeps them open (Node's 5 s), so a save sent 15 s later went out
 * on a socket the proxy was closing: the `fetch failed` errors of the first 2-process run.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  );
}

/** A round-robin proxy in front of the processes, as any proxy of the scale-out in docs/operations.md. */
function startProxy(port: number, upstreams: number[]): http.Server {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    const forward = http.request(
      {
        host: '127.0.0.1',
        port: upstream,
        path: req.url,
        method: req.method,
        headers: endToEnd(req.headers),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      proxyErrors.push(`upstream ${upstream}: ${error.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  // Idle client sockets are kept longer than the load generator keeps them (undici: 4 s).
  proxy.keepAliveTimeout = 65_000;
  proxy.headersTimeout = 66_000;
  proxy.listen(port);
  return proxy;
}
const proxyErrors: string[] = [];

/**
 * The load generator's client: node:http on kept-alive sockets, not fetch. It shares the two
 * cores with the server and PostgreSQL, and fetch (undici behind web streams) cost it about as
 * much CPU per save as the server spent. It asks for gzip as a browser does, so the server
 * compresses as it would in an exam room.
 */
const clientAgent = new http.Agent({ keepAlive: true });

function send(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: clientAgent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = (
          response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw
        ).toString();
        resolve({ status: response.statusCode ?? 0, text });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function call(
  baseUrl: string,
  name: CallName,
  action: string,
  token: string,
  ip: string,
  body?: unknown,
): Promise<{ Revision?: number } | undefined> {
  const started = performance.now();
  try {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const response = await send(
      `${baseUrl}${SERVICE_PATH}/${action}`,
      json === undefined ? 'GET' : 'POST',
      {
        authorization: token,
        'x-forwarded-for': ip,
        'accept-encoding': 'gzip',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      json,
    );
    latencies[name].push(performance.now() - started);
    if (name === 'save') saveEnds.push(Date.now());
    if (response.status !== 200) {
      errors[name] += 1;
      if (errorSamples.length < 10)
        errorSamples.push(`${name} ${response.status} ${response.text.slice(0, 120)}`);
      return undefined;
    }
    return (JSON.parse(response.text) as { Data: { Revision?: number } }).Data;
  } catch (error) {
    errors[name] += 1;
    if (errorSamples.length < 10) errorSamples.push(`${name} ${String(error)}`);
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CLOCK_TICKS = 100;

/** A process's CPU seconds (user + system) and process group, from /proc; none once it ended. */
function processCpu(pid: number): { seconds: number; group: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: pgrp is field 5, utime 14, stime 15 (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      group: Number(fields[2]),
    };
  } catch {
    return undefined;
  }
}

/** CPU seconds of every process in these process groups. */
function groupCpu(groups: number[]): number {
  let seconds = 0;
  for (const entry of fs.readdirSync('/proc')) {
    const cpu = /^\d+$/.test(entry) ? processCpu(Number(entry)) : undefined;
    if (cpu && groups.includes(cpu.group)) seconds += cpu.seconds;
  }
  return seconds;
}

/**
 * Where the CPU went during the run: the server processes (their process groups), the PostgreSQL
 * backends serving the bench's database (other databases on a shared server are not counted), and
 * this load generator itself.
 */
async function cpuSnapshot(serverGroups: number[], databaseUrl: string | undefined) {
  const backends = new Map<number, number>();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: POSTGRES_BASE });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [new URL(databaseUrl).pathname.slice(1)],
    );
    await client.end();
    for (const { pid } of rows) backends.set(pid, processCpu(pid)?.seconds ?? 0);
  }
  const usage = process.cpuUsage();
  // The whole machine's busy time (/proc/stat's first line: all but idle and iowait).
  const ticks = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return {
    machine: (ticks.reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!) / CLOCK_TICKS,
    server: groupCpu(serverGroups),
    backends,
    client: (usage.user + usage.system) / 1e6,
  };
}

/**
 * The steady window: from the moment every candidate has started, read its paper and saved once
 * (the first save of an attempt on a process takes the long path), to the moment the first one
 * finishes. Only repeat saves run in it, so its CPU divided by its saves is what a save costs.
 */
function moment() {
  let resolve!: (at: number) => void;
  const promise = new Promise<number>((r) => (resolve = r));
  return { promise, resolve };
}
const steadyWindow = {
  firstSaves: 0,
  started: moment(),
  ended: moment(),
  saved(revision: number) {
    if (revision === 1 && ++this.firstSaves === CANDIDATES) this.started.resolve(Date.now());
  },
  finished() {
    this.ended.resolve(Date.now());
  },
};

async function candidate(baseUrl: string, applyId: number, token: string, index: number) {
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const started = Date.now();
  await call(baseUrl, 'start', 'StartAttempt', token, ip, { ApplyId: applyId });
  const paper = (await call(baseUrl, 'paper', `GetAttemptPaper?ApplyId=${applyId}`, token, ip)) as
    { Questions?: { QuestionId: number; Options: { Key: string }[] }[] } | undefined;
  const questions = paper?.Questions ?? [];
  for (let revision = 1; Date.now() - started + INTERVAL_MS <= DURATION_MS; revision++) {
    await sleep(INTERVAL_MS);
    const answered = questions.slice(0, Math.min(questions.length, revision));
    const saved = await call(baseUrl, 'save', 'SaveAnswers', token, ip, {
      ApplyId: applyId,
      Revision: revision,
      Answers: answered.map((q) => ({ QuestionId: q.QuestionId, Choices: [q.Options[0]!.Key] })),
    });
    if (saved) acknowledged.set(applyId, Math.max(acknowledged.get(applyId) ?? 0, revision));
    steadyWindow.saved(revision);
  }
  steadyWindow.finished();
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const postgres = args.db === 'postgres' ? await createPostgresDatabase() : undefined;
  if (PROCESSES > 1 && !postgres) throw new Error('two processes need PostgreSQL (--db postgres)');
  const children: ChildProcess[] = [];
  let redis: ChildProcess | undefined;
  let proxy: http.Server | undefined;
  try {
    console.log(`preparing ${CANDIDATES} candidates on ${args.db}…`);
    const candidates = await prepareData(dataDir, postgres?.url);
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${PORT}`,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    if (PROCESSES > 1) {
      const redisPort = PORT + 9;
      redis = spawn(
        'redis-server',
        ['--port', String(redisPort), '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
      await sleep(500);
    }
    const ports = Array.from({ length: PROCESSES }, (_, i) =>
      PROCESSES > 1 ? PORT + 1 + i : PORT,
    );
    for (const port of ports) children.push(await startServer(port, env));
    if (PROCESSES > 1) proxy = startProxy(PORT, ports);
    const baseUrl = `http://127.0.0.1:${PORT}`;

    const config = loadConfig({
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      PORTAL_MODE: 'demo',
    });
    const secrets = await loadOrCreateSecrets(dataDir);
    const tokens = await Promise.all(
      candidates.map(
        async ({ userId }) =>
          `Bearer ${await signAccessToken(secrets.signingJwk, config.authorityUrl, { userId, name: '' }, 3 * 3600)}`,
      ),
    );

    if (PROCESSES > 1) {
      // An attempt started on one process resumes on the other.
      const token = tokens[0]!;
      const first = (await (
        await fetch(`http://127.0.0.1:${ports[0]}${SERVICE_PATH}/StartAttempt`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ ApplyId: candidates[0]!.applyId }),
        })
      ).json()) as { Data: { StartedAt: string } };
      const second = (await (
        await fetch(`http://127.0.0.1:${ports[1]}${SERVICE_PATH}/StartAttempt`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ ApplyId: candidates[0]!.applyId }),
        })
      ).json()) as { Data: { StartedAt: string } };
      console.log(
        `resume across processes: ${first.Data.StartedAt === second.Data.StartedAt ? 'same attempt' : 'DIFFERENT ATTEMPTS'}`,
      );
    }

    console.log(
      `running: ${CANDIDATES} candidates over ${RAMP_MS / 1000} s, saves every ${INTERVAL_MS / 1000} s for ${DURATION_MS / 1000} s, ${PROCESSES} process(es)`,
    );
    const groups = children.map((child) => child.pid!);
    const began = Date.now();
    const loadAtStart = os.loadavg()[0]!.toFixed(1);
    const snapshots = [steadyWindow.started.promise, steadyWindow.ended.promise].map(
      async (moment) => ({ at: await moment, cpu: await cpuSnapshot(groups, postgres?.url) }),
    );
    const killAt = args['kill-at'] === undefined ? undefined : Number(args['kill-at']) * 1000;
    if (killAt !== undefined)
      setTimeout(() => process.kill(-children[0]!.pid!, 'SIGKILL'), killAt).unref();
    await Promise.all(
      candidates.map(async ({ applyId }, i) => {
        await sleep((i * RAMP_MS) / CANDIDATES);
        await candidate(baseUrl, applyId, tokens[i]!, i);
      }),
    );
    const seconds = (Date.now() - began) / 1000;
    steadyWindow.started.resolve(Date.now()); // when some candidate never saved: no window
    const saves = latencies.save.length;
    const [from, to] = await Promise.all(snapshots);
    const windowSeconds = (to!.at - from!.at) / 1000;
    let steady = `No steady window: the first candidate finished before the last one had saved once (a longer --duration).`;
    if (windowSeconds >= INTERVAL_MS / 1000) {
      const [before, after] = [from!.cpu, to!.cpu];
      const inWindow = latencies.save
        .filter((_, i) => saveEnds[i]! >= from!.at && saveEnds[i]! < to!.at)
        .sort((a, b) => a - b);
      // The backends open at the end of the window (the pool keeps them under load): one opened
      // during it counts from its start.
      const postgresCpu = postgres
        ? [...after.backends].reduce(
            (sum, [pid, cpu]) => sum + cpu - (before.backends.get(pid) ?? 0),
            0,
          )
        : NaN;
      const cost = (cpu: number) =>
        `${(cpu / windowSeconds).toFixed(2)} cores, ${((cpu / inWindow.length) * 1000).toFixed(2)} ms a save`;
      steady = [
        `Steady window (${windowSeconds.toFixed(0)} s, repeat saves only): ${inWindow.length} saves = ${(inWindow.length / windowSeconds).toFixed(1)} saves/s, p50 ${percentile(inWindow, 50).toFixed(1)} ms, p99 ${percentile(inWindow, 99).toFixed(1)} ms.`,
        `CPU in it: server ${cost(after.server - before.server)}; PostgreSQL backends of this database ${cost(postgresCpu)}; load generator ${cost(after.client - before.client)}; the whole machine ${((after.machine - before.machine) / windowSeconds).toFixed(2)} cores busy.`,
      ].join('\n');
    }
    let killed = '';
    if (killAt !== undefined && postgres) {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      const { rows } = await client.query<{ application_id: number; revision: number }>(
        'select application_id, revision from exam_attempts',
      );
      await client.end();
      const stored = new Map(rows.map((r) => [r.application_id, r.revision]));
      const lost = [...acknowledged].filter(([applyId, rev]) => (stored.get(applyId) ?? 0) < rev);
      killed = `SIGKILL of the server ${killAt / 1000} s into the run: ${acknowledged.size} attempts with acknowledged saves, ${lost.length} of them missing an acknowledged revision in the database${lost.length ? ` (e.g. application ${lost[0]![0]}: acknowledged ${lost[0]![1]}, stored ${stored.get(lost[0]![0]) ?? 'none'})` : ''}.`;
      console.log(killed);
    }
    const total = Object.values(latencies).reduce((n, l) => n + l.length, 0);
    const rows = (Object.keys(latencies) as CallName[]).map((name) => {
      const sorted = [...latencies[name]].sort((a, b) => a - b);
      return `| ${name} | ${sorted.length} | ${errors[name]} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`;
    });
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    const table = [
      `## ${new Date().toISOString()} — ${args.db}, ${PROCESSES} process(es)${args.label ? ` — ${args.label}` : ''}`,
      '',
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}), load average ${loadAtStart} at the start, ${load} at the end; ${CANDIDATES} candidates, ramp ${RAMP_MS / 1000} s, a save every ${INTERVAL_MS / 1000} s for ${DURATION_MS / 1000} s.`,
      `${total} calls in ${seconds.toFixed(0)} s = ${(total / seconds).toFixed(1)} calls/s; ${(saves / seconds).toFixed(1)} saves/s over the whole run.`,
      steady,
      ...(killed ? [killed] : []),
      '',
      '| call | count | errors | p50 ms | p99 ms |',
      '|---|---|---|---|---|',
      ...rows,
      ...(errorSamples.length
        ? ['', 'Error samples:', '', ...errorSamples.map((e) => `- ${e}`)]
        : []),
      ...(proxyErrors.length
        ? ['', `Proxy errors: ${proxyErrors.length}, e.g. ${proxyErrors[0]}`]
        : []),
      '',
    ].join('\n');
    console.log(`\n${table}`);
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    if (!fs.existsSync(RESULTS_FILE))
      fs.writeFileSync(
        RESULTS_FILE,
        '# Online exam benchmark (`npm run bench:exam -w apps/server`)\n\nEach run adds its table below; see docs/performance.md for what they mean.\n\n',
      );
    fs.appendFileSync(RESULTS_FILE, `${table}\n`);
  } finally {
    proxy?.close();
    for (const child of children)
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // killed already (--kill-at)
      }
    redis?.kill('SIGTERM');
    await sleep(2000);
    await postgres?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
