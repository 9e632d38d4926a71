import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { processCache } from './process-cache.js';

const SOURCES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('processCache', () => {
  it('keeps an entry for its time, per owner and name, and at most max entries', async () => {
    const [one, other] = [{}, {}];
    const cache = processCache<string, number>(one, 'test', { max: 2, ttlMs: 100 });
    expect(processCache(one, 'test', { max: 2, ttlMs: 100 })).toBe(cache);
    expect(processCache(other, 'test', { max: 2, ttlMs: 100 })).not.toBe(cache);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(cache.get('c')).toBeUndefined();
  });

  it('is the only TTL cache of the server: no hand-made map of expiring entries is left', () => {
    const handMade =
      /new WeakMap<Database,\s*Map<|until:\s*Date\.now\(\)\s*\+|\w+(\(\))?\s*-\s*\w+\.at\s*[<>]/;
    const found = sourceFiles(SOURCES)
      .filter((file) => handMade.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SOURCES, file));
    expect(found).toEqual([]);
  });
});
