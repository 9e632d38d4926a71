import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './kv-store.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same rules for both stores: what the SMS codes, captcha and rate limits rely on. */
function behavesLikeAStore(name: string, make: () => KeyValueStore) {
  describe(`${name} KeyValueStore`, () => {
    const store = make();
    const key = (k: string) => `test:${randomBytes(6).toString('hex')}:${k}`;
    afterAll(() => store.close());

    it('gets what was set until its TTL passes', async () => {
      const k = key('ttl');
      await store.set(k, 'v', 1);
      expect(await store.get(k)).toBe('v');
      expect(await store.ttl(k)).toBeGreaterThan(0);
      await sleep(1100);
      expect(await store.get(k)).toBeNull();
      expect(await store.ttl(k)).toBeNull();
    });

    it('take reads a value once', async () => {
      const k = key('take');
      await store.set(k, 'once', 60);
      const [a, b] = await Promise.all([store.take(k), store.take(k)]);
      expect([a, b].sort()).toEqual(['once', null].sort());
      expect(await store.get(k)).toBeNull();
    });

    it('increment counts within a window that the first increment starts', async () => {
      const k = key('incr');
      expect(await store.increment(k, 1)).toBe(1);
      expect(await store.increment(k, 1)).toBe(2);
      expect(await store.increment(k, 100)).toBe(3);
      expect(await store.ttl(k)).toBeLessThanOrEqual(1);
      await sleep(1100);
      expect(await store.increment(k, 1)).toBe(1);
    });

    it('increment is atomic: simultaneous callers each see their own count, and it can give back', async () => {
      const k = key('atomic');
      const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment(k, 60)));
      expect([...counts].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect(await store.increment(k, 60, -1)).toBe(39);
    });

    it('delete removes a value', async () => {
      const k = key('del');
      await store.set(k, 'x', 60);
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
    });
  });
}

behavesLikeAStore('memory', () => createMemoryStore());
behavesLikeAStore('Redis', () => createRedisStore(REDIS_URL, `portal-test-${process.pid}:`));
