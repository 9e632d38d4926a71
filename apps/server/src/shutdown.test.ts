import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebWeChat, REQUEST_ID_HEADER, SERVICE_IDS, type Envelope } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAIN_LIMIT_MS } from './platform/shutdown.js';
import { adminQuery, databaseUrlFor, uniqueDatabaseName } from './testing/template-db.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_URL = 'http://localhost:8080';
const CALL_PATH = `/services/${createWebWeChat.service}${createWebWeChat.path}`;
const IN_FLIGHT = 50;

interface LogLine {
  msg: string;
  reqId?: string;
  level: number;
}

interface RunningServer {
  child: ChildProcess;
  port: number;
  lines: LogLine[];
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The server as `npm start` runs it (demo mode, tsx), on a port of its choosing. */
async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORTAL_MODE: 'demo',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    SERVICES: SERVICE_IDS.join(','),
    LOG_LEVEL: 'info',
    // Shutdown is tested here, not shedding: a server just started on a busy machine can lag past
    // the event-loop check and send the first call to the waiting line (a 503 in CI).
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    // A database of its own, seeded by the demo start.
    const name = uniqueDatabaseName('portal_sd');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    env.DATABASE_URL = databaseUrlFor(baseUrl, name);
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exit = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const lines: LogLine[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part) as LogLine);
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const port = await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      const listening = lines
        .map((line) => /^Server listening at http:\/\/127\.0\.0\.1:(\d+)$/.exec(line.msg))
        .find(Boolean);
      if (!listening) throw new Error('not listening yet');
      return Number(listening[1]);
    },
    // Compiling the whole server through tsx and seeding the demo take a while on a busy machine.
    { timeout: 150_000, interval: 100 },
  );
  return { child, port, lines, exit };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: Envelope<{ signature?: string } | null>;
}

/**
 * A call whose body comes in two parts: the head and the first half now, the rest on finish().
 * Each on a connection of its own (kept alive when the agent keeps them, as nginx and browsers
 * do), so a cut connection shows as an error, never as another call's answer.
 */
function callInTwoParts(port: number, id: string, agent: http.Agent | false = false) {
  const body = Buffer.from(JSON.stringify({ PageUrl: `${PUBLIC_URL}/views/home/project?i=${id}` }));
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: CALL_PATH,
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': body.length,
      [REQUEST_ID_HEADER]: id,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          connection: response.headers.connection,
          body: JSON.parse(text) as Answer['body'],
        }),
      );
    });
  });
  // Settled either way; the test reads the outcome.
  answer.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return { answer, finish: () => request.end(body.subarray(half)) };
}

/** Until the server has begun every one of these requests (its "incoming request" lines). */
async function untilReceived(server: RunningServer, ids: string[]) {
  await vi.waitFor(
    () => {
      const received = new Set(
        server.lines.filter((line) => line.msg === 'incoming request').map((line) => line.reqId),
      );
      const missing = ids.filter((id) => !received.has(id));
      if (missing.length > 0) throw new Error(`${missing.length} requests not received yet`);
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** Until a new connection to the port is refused: the server stopped accepting. */
async function untilRefused(port: number) {
  await vi.waitFor(
    async () => {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', (error: NodeJS.ErrnoException) =>
          resolve(error.code === 'ECONNREFUSED'),
        );
      });
      if (!refused) throw new Error('still accepting connections');
    },
    { timeout: 5_000, interval: 20 },
  );
}

const SPAWN_TEST = { timeout: 240_000 };

describe('a graceful shutdown (SIGTERM)', () => {
  it(
    `stops accepting, answers all ${IN_FLIGHT} requests in flight in full and exits 0`,
    SPAWN_TEST,
    async () => {
      const server = await startServer();
      const agent = new http.Agent({ keepAlive: true });
      cleanups.push(() => agent.destroy());
      const ids = Array.from({ length: IN_FLIGHT }, (_, i) => `drain-${i}`);
      const calls = ids.map((id) => callInTwoParts(server.port, id, agent));
      await untilReceived(server, ids);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await untilRefused(server.port);
      // Every call is still under way: its body is only half there.
      for (const call of calls) call.finish();
      const outcomes = await Promise.allSettled(calls.map((call) => call.answer));

      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures).toEqual([]);
      for (const outcome of outcomes) {
        const { status, connection, body } = (outcome as PromiseFulfilledResult<Answer>).value;
        expect(status).toBe(200);
        // A kept-alive connection is ended by the answer: the client holds no idle one open.
        expect(connection).toBe('close');
        expect(body.ErrCode).toBe(0);
        expect(body.Data?.signature).toMatch(/^[0-9a-f]{40}$/);
      }
      expect(await server.exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(DRAIN_LIMIT_MS);
      const messages = server.lines.map((line) => line.msg);
      expect(messages).toContain('shut down');
      expect(messages.filter((msg) => msg.includes('closing their connections'))).toEqual([]);
    },
  );

  it(
    'answers once more on a connection kept idle when the signal came, then ends it: a proxy reusing it is not cut',
    SPAWN_TEST,
    async () => {
      const server = await startServer();
      // One kept-alive connection, as nginx holds to an instance between requests.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      cleanups.push(() => agent.destroy());
      const first = callInTwoParts(server.port, 'before', agent);
      first.finish();
      expect((await first.answer).status).toBe(200);

      server.child.kill('SIGTERM');
      await vi.waitFor(
        () => {
          if (!server.lines.some((line) => line.msg === 'shutting down'))
            throw new Error('not signalled yet');
        },
        { timeout: 5_000, interval: 10 },
      );
      const reused = callInTwoParts(server.port, 'reused', agent);
      reused.finish();
      const answer = await reused.answer;
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
      expect(await server.exit).toEqual({ code: 0, signal: null });
    },
  );

  it(
    `gives a request that does not finish ${DRAIN_LIMIT_MS / 1000} s, then closes its connection and exits 0`,
    SPAWN_TEST,
    async () => {
      const server = await startServer();
      const stalled = callInTwoParts(server.port, 'stalled');
      await untilReceived(server, ['stalled']);

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await expect(stalled.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
      expect(await server.exit).toEqual({ code: 0, signal: null });
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThanOrEqual(DRAIN_LIMIT_MS);
      expect(took).toBeLessThan(DRAIN_LIMIT_MS + 5_000);
      const messages = server.lines.map((line) => line.msg);
      expect(messages.some((msg) => msg.includes('closing their connections'))).toBe(true);
      expect(messages).toContain('shut down');
    },
  );
});
