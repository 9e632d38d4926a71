import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryStore,
  createRedisStore,
  MEMORY_STORE_LIMITS,
  type KeyValueStore,
} from './kv-store.js';

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

    it('rateLimiter lets a key its points in a window, then refuses it until the window passes', async () => {
      const limiter = store.rateLimiter({ keyPrefix: key('rl'), points: 3, durationSeconds: 1 });
      await Promise.all([limiter.consume('a'), limiter.consume('a'), limiter.consume('a')]);
      await expect(limiter.consume('a')).rejects.toMatchObject({ remainingPoints: 0 });
      await limiter.consume('b');
      await sleep(1100);
      expect((await limiter.consume('a')).remainingPoints).toBe(2);
    });

    it('setIfAbsent writes only where nothing is, once among simultaneous callers', async () => {
      const k = key('nx');
      const wrote = await Promise.all([
        store.setIfAbsent(k, 'a', 60),
        store.setIfAbsent(k, 'b', 60),
      ]);
      expect(wrote.filter(Boolean)).toHaveLength(1);
      const first = await store.get(k);
      await store.set(k, 'changed', 60);
      expect(await store.setIfAbsent(k, 'stale', 60)).toBe(false);
      expect(await store.get(k)).toBe('changed');
      expect(['a', 'b']).toContain(first);
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

describe('the memory store is bounded and drops what expired', () => {
  const DAY = 24 * 60 * 60;
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds at most its number of keys however many a day-long key callers make', async () => {
    const store = createMemoryStore();
    const over = MEMORY_STORE_LIMITS.maxEntries + 5_000;
    for (let i = 0; i < over; i++) await store.set(`idempotency:${i}`, 'answer', DAY);
    expect(store.size).toBe(MEMORY_STORE_LIMITS.maxEntries);
    expect(await store.get(`idempotency:${over - 1}`)).toBe('answer');
    expect(await store.get('idempotency:0')).toBeNull();
    await store.close();
  });

  it('a flood of one kind of key pushes out none of another kind', async () => {
    const store = createMemoryStore(Date.now, { maxEntries: 100, maxChars: 1_000_000 });
    await store.set('tokens:revoked:session:s1', '1', DAY);
    await store.increment('identity:failures:mobile:13800000000', DAY);
    for (let i = 0; i < 1_000; i++) await store.set(`idempotency:${i}:answer`, 'answer', DAY);
    expect(await store.get('tokens:revoked:session:s1')).toBe('1');
    expect(await store.get('identity:failures:mobile:13800000000')).toBe('1');
    expect(store.size).toBe(102);
    await store.close();
  });

  it('holds at most its characters, the least recently used going first', async () => {
    const store = createMemoryStore(Date.now, { maxEntries: 1_000, maxChars: 100_000 });
    await store.set('kept', 'x', DAY);
    for (let i = 0; i < 50; i++) {
      await store.set(`big:${i}`, 'y'.repeat(10_000), DAY);
      await store.get('kept');
    }
    expect(store.size).toBeLessThanOrEqual(10);
    expect(await store.get('kept')).toBe('x');
    expect(await store.get('big:0')).toBeNull();
    await store.close();
  });

  it('drops expired keys that nobody reads again', async () => {
    vi.useFakeTimers();
    const store = createMemoryStore();
    for (let i = 0; i < 1_000; i++) await store.set(`sms:${i}`, 'code', 1);
    await store.increment('rate:address:1', 30);
    expect(store.size).toBe(1_001);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(store.size).toBe(0);
    await store.close();
  });

  it('an increment keeps the window its first increment started', async () => {
    let clock = 1_000_000;
    const store = createMemoryStore(() => clock);
    expect(await store.increment('w', 10)).toBe(1);
    clock += 9_000;
    expect(await store.increment('w', 10)).toBe(2);
    expect(await store.ttl('w')).toBe(1);
    clock += 1_000;
    expect(await store.get('w')).toBeNull();
    expect(await store.increment('w', 10)).toBe(1);
    await store.close();
  });
});
