import fs from 'node:fs';
import path from 'node:path';
import Provider from 'oidc-provider';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startIdentityTestServer } from './test-server.js';

const SERVER_SOURCE = path.resolve(import.meta.dirname, '..');

function sourcesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// Issue 26: the identity provider registers no Koa middleware of ours; our pages are Fastify routes.
describe('the identity provider', () => {
  // Koa's `use`, which oidc-provider 9 overrides (our typings leave it out on purpose).
  const use = vi.spyOn(
    Provider.prototype as unknown as { use(middleware: unknown): unknown },
    'use',
  );
  afterAll(() => use.mockRestore());

  it('is given no middleware of ours when the app starts', async () => {
    const server = await startIdentityTestServer();
    await server.close();
    expect(use).not.toHaveBeenCalled();
  });

  it('has no `.use(` call on a provider anywhere in the server’s source', () => {
    const calls = sourcesUnder(SERVER_SOURCE).filter((file) =>
      /\bprovider\s*\)?\s*\.\s*use\s*\(/i.test(fs.readFileSync(file, 'utf8')),
    );
    expect(calls).toEqual([]);
  });
});
