import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';
import { REPO_ROOT } from './server.js';

/**
 * Several server processes behind nginx, on one PostgreSQL database, one Redis and the PostgreSQL
 * file store: what docs/operations.md ("Several instances") describes, for the two-instance journey.
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
/** What the journeys' PostgreSQL and Redis are (CI has both; docs/configuration.md). */
const POSTGRES_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** How long nginx keeps a server that failed out of its round robin (fail_timeout). */
export const FAIL_TIMEOUT_S = 2;

/** A port nothing listens on right now (get-port keeps it from this process's other asks). */
export const freePort = () => getPort({ host: '127.0.0.1' });

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database of the run's own on the journeys' PostgreSQL; drop() removes it. */
export async function createDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Redis's numbered database for this run, by E2E_PORT: parallel runs on one machine (each with its
 * own E2E_PORT) do not share rate limits or token revocations of users with the same ids.
 */
export function redisUrlFor(e2ePort: number): string {
  const url = new URL(REDIS_URL);
  url.pathname = `/${1 + (e2ePort % 15)}`;
  return url.toString();
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited:\n${log()}`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 in 90 s:\n${log()}`);
}

export interface Instance {
  port: number;
  dataDir: string;
  /** Starts the process (again) and resolves once /readyz answers 200. */
  start(): Promise<void>;
  /** SIGTERM (a graceful shutdown); resolves with the exit code once the process has exited. */
  stop(): Promise<number | null>;
  log(): string;
}

/**
 * One server process (the demo mode's gateways, so no provider is needed) run as `npm start` runs
 * it, but as one node process, so a SIGTERM reaches the server itself and its exit is the server's.
 */
export function serverInstance(options: {
  port: number;
  dataDir: string;
  env: Record<string, string>;
}): Instance {
  const { port, dataDir } = options;
  let child: ChildProcess | undefined;
  let output = '';
  const log = () => output.slice(-20_000);
  return {
    port,
    dataDir,
    log,
    async start() {
      fs.mkdirSync(dataDir, { recursive: true });
      const logFile = fs.createWriteStream(path.join(dataDir, 'server.log'), { flags: 'a' });
      const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        env: {
          ...inherited,
          PORTAL_MODE: 'demo',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          PDF_RENDERER_NICE: '0',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        logFile.write(chunk);
        output = (output + chunk.toString()).slice(-40_000);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      started.once('exit', () => logFile.end());
      child = started;
      await waitFor(`http://127.0.0.1:${port}/readyz`, started, log);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return running?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) =>
        running.once('exit', (code) => resolve(code)),
      );
      running.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The nginx configuration of docs/operations.md ("Several instances"), in a folder of its own: every
 * request round-robin over the upstreams, moved to the next on a refused connection, a timeout, a
 * 502 or a 503. `X-Portal-Instance: <n>` pins a request to the nth server (the journey's proof that
 * one instance finishes what another began); `X-Upstream` says which served it.
 */
export function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const { dir, port, upstreams } = options;
  const servers = (ports: number[]) =>
    ports
      .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`)
      .join('\n');
  const pinned = upstreams
    .map((p, i) => `  upstream portal_${i + 1} {\n${servers([p])}\n  }`)
    .join('\n');
  const pins = upstreams.map((_, i) => `    ${i + 1} portal_${i + 1};`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Bodies and answers stay in memory: the workers need not write the temp folders.
  client_body_buffer_size 12m;
  client_max_body_size 12m;
  proxy_max_temp_file_size 0;

  upstream portal {
${servers(upstreams)}
    keepalive 16;
  }
${pinned}
  map $http_x_portal_instance $portal_upstream {
    default portal;
${pins}
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$portal_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Nginx {
  baseUrl: string;
  stop(): Promise<void>;
  log(): string;
}

/** nginx as a child (not a daemon), its pid, logs and temp files in `dir`. */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreams: number[];
}): Promise<Nginx> {
  const { dir, port } = options;
  fs.mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'nginx.conf');
  fs.writeFileSync(config, nginxConfig(options));
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const log = () => {
    const errors = path.join(dir, 'error.log');
    return output + (fs.existsSync(errors) ? fs.readFileSync(errors, 'utf8').slice(-10_000) : '');
  };
  const baseUrl = `http://localhost:${port}`;
  await waitFor(`${baseUrl}/healthz`, child, log);
  return {
    baseUrl,
    log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
