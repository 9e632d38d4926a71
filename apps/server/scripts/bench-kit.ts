/** What the server benchmarks share: child processes, health waits, a PostgreSQL database of their own. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_DIR = path.resolve(SERVER_DIR, '../..');
export const POSTGRES_BASE =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const children: ChildProcess[] = [];
export const cleanups: (() => Promise<void>)[] = [];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process ended early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no answer from ${url}:\n${output()}`);
}

/** `logFile`: the process's standard output goes there (its log, as a deployment's collector takes it). */
export function startProcess(
  command: string,
  argv: string[],
  env: Record<string, string>,
  { logFile }: { logFile?: string } = {},
) {
  const child = spawn(command, argv, {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFile ? fs.openSync(logFile, 'a') : 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  children.push(child);
  return { child, output: () => output };
}

/** A data folder of the run's own, removed at the end. */
export function temporaryDataDir(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/**
 * The compiled server (`dist/server.js`) in demo mode — its local gateways (SMS outbox, sandbox
 * payment) and keys in DATA_DIR; production refuses to start without real providers, and the code
 * is production's — answering /healthz.
 */
export async function startCompiledPortal({
  port,
  databaseUrl,
  dataDir,
  nodeArgs = [],
  env = {},
  logFile,
}: {
  port: number;
  databaseUrl?: string;
  /** Its DATA_DIR: temporaryDataDir() for one removed at the end. */
  dataDir: string;
  /** Before the script: --cpu-prof, --import of a probe. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  logFile?: string;
}) {
  const { child, output } = startProcess(
    process.execPath,
    ['--conditions=portal-compiled', ...nodeArgs, 'dist/server.js'],
    {
      PORTAL_MODE: 'demo',
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { logFile },
  );
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, child, output);
  return { child, output, dataDir };
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const ended = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** A database of the run's own, dropped at the end. */
export async function createPostgresDatabase(prefix: string) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_BASE);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_BASE });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  return url.toString();
}

/** Runs main, then stops every child and runs every cleanup, whatever happened. */
export function runBenchmark(main: () => Promise<void>) {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => {
      for (const child of children) await stopProcess(child);
      for (const cleanup of cleanups) await cleanup().catch(() => {});
    });
}

const RSS_SAMPLE_MS = 100;

/** A process's resident memory now, in MB (Linux: /proc/<pid>/status VmRSS). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) / 1024;
}

/** The highest resident memory of a process while it is watched, read every RSS_SAMPLE_MS. */
export function watchResident(pid: number): { stop(): number } {
  let peak = residentMb(pid);
  let timer: NodeJS.Timeout;
  const read = () => {
    try {
      peak = Math.max(peak, residentMb(pid));
    } catch {
      return; // the process ended: its peak is what was read
    }
    timer = setTimeout(read, RSS_SAMPLE_MS);
  };
  timer = setTimeout(read, RSS_SAMPLE_MS);
  return {
    stop() {
      clearTimeout(timer);
      return peak;
    },
  };
}
