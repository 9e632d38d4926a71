import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  /** Stops the server (SIGTERM by default; SIGKILL for a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
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
 * Starts the real server the way the README does (npm start's second half) on the embedded
 * database in `dataDir`, and waits until it answers.
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
}): Promise<RunningServer> {
  const baseUrl = `http://localhost:${options.port}`;
  // The embedded default, as the README's quick start runs it.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(options.port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
  };
  let output = '';
  const server = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  await waitForHealth(`${baseUrl}/healthz`, server, () => output);
  return {
    baseUrl,
    async stop(signal = 'SIGTERM') {
      if (server.exitCode === null && server.pid) process.kill(-server.pid, signal);
      await exited;
    },
  };
}
