import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server's whole log, in its data folder (a restart appends). */
export const SERVER_LOG = 'server.log';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** The last output, for a failure's message. */
  log(): string;
  /** Ends the whole process group (npm, tsx, node): SIGTERM to stop, SIGKILL to crash it. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not become healthy in 90 s:\n${log()}`);
}

/**
 * Starts the real server the way the README does (npm start's second half), on the embedded
 * database in `dataDir`; starting again on the same folder finds the same data.
 */
/** A signalled server's notice, drain (at most 10 s) and closing (at most 5 s), with room. */
const GROUP_EXIT_LIMIT_MS = 20_000;

export async function startServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const baseUrl = `http://localhost:${port}`;
  // The embedded default, as the README's quick start runs it.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  let output = '';
  const server = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // Every request is logged, into DATA_DIR/server.log: the personal-data journey reads it all.
      LOG_LEVEL: 'info',
      // Journeys run browsers, servers and the renderer on two cores at once: at the lowest
      // priority a ticket's render would wait past its time limit.
      PDF_RENDERER_NICE: '0',
      // Every journey asks its codes from one address: the proof of work's level 0 stays as a
      // phone gets it, the levels a burst reaches stay low enough for a suite of sign-ups.
      CAPTCHA_LEVELS: '600,900,1200,1500',
      // And its hourly SMS codes: the suite's fresh sign-ups pass the 20 a real address gets.
      SMS_HOURLY_LIMIT_PER_ADDRESS: '200',
      // The embedded database runs on the server's event loop, beside Chromium on two cores: its
      // lag there is the test machine's, not an overload to shed (waiting-line.test.ts fills the
      // in-flight capacity instead).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logFile = fs.createWriteStream(path.join(dataDir, SERVER_LOG), { flags: 'a' });
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const log = () => output;
  await waitForHealth(`${baseUrl}/healthz`, server, log);
  return {
    baseUrl,
    dataDir,
    process: server,
    log,
    async stop(signal = 'SIGTERM') {
      if (!server.pid || server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-server.pid, signal);
      } catch {
        return; // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      // npm is gone at once; the server itself answers for its closing notice and drains before
      // it exits, still holding the port: a server started at once would find the old one there.
      const pid = server.pid;
      const deadline = Date.now() + GROUP_EXIT_LIMIT_MS;
      while (Date.now() < deadline) {
        try {
          process.kill(-pid, 0);
        } catch {
          return; // no process of the group is left
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(
        `the server's processes were still running ${GROUP_EXIT_LIMIT_MS} ms after ${signal}`,
      );
    },
  };
}

/**
 * A server of the journey's own on a fresh embedded database at a free port (for a journey that
 * must apply to the seed's projects whatever the other journeys did); `stop` removes its folder.
 */
export async function startFreshServer(
  name: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
  const server = await startServer({ port: await getPort(), dataDir, env });
  return {
    ...server,
    async stop(signal) {
      await server.stop(signal);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
