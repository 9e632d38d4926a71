import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const PORT = Number(process.env.E2E_PORT ?? 18080);

/**
 * Starts the real server the way the README does (npm start's second half, on the embedded
 * database in a fresh data folder), after the web app has been built.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // WEB_DIST_DIR lets parallel runs each serve their own build (the server reads it too).
  const webDist = process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const server = await startServer({ port: PORT, dataDir });
  const { baseUrl } = server;
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
