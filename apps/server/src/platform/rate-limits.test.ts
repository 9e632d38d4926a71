import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from './kv-store.js';
import { count, counterFor, isOver, limitedAddress, secondsLeft } from './rate-limits.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The same rules on both stores: what the SMS and sign-in limits rely on. */
function countsLikeACounter(name: string, make: () => KeyValueStore) {
  describe(`counters on the ${name} store`, () => {
    const store = make();
    afterAll(() => store.close());
    const options = (points: number) => ({
      name: `test:${randomBytes(6).toString('hex')}`,
      points,
      durationSeconds: 60,
    });

    it('counts atomically and tells a count past the points, with the seconds left', async () => {
      const counter = counterFor(store, options(3));
      const counts = await Promise.all(Array.from({ length: 5 }, () => count(counter, 'k')));
      const sorted = counts.map((c) => c.consumedPoints).sort((a, b) => a - b);
      expect(sorted).toEqual([1, 2, 3, 4, 5]);
      expect(counts.filter((c) => isOver(counter, c))).toHaveLength(2);
      expect(secondsLeft(counts[0]!)).toBeGreaterThan(55);
      expect(secondsLeft(counts[0]!)).toBeLessThanOrEqual(60);
    });

    it('keys count apart; a count given back or deleted is gone', async () => {
      const counter = counterFor(store, options(10));
      await count(counter, 'a');
      await count(counter, 'a');
      expect((await count(counter, 'b')).consumedPoints).toBe(1);
      await counter.reward('a');
      expect((await counter.get('a'))?.consumedPoints).toBe(1);
      await counter.delete('a');
      expect(await counter.get('a')).toBeNull();
    });

    it('is one counter per name and store, whoever asks for it', async () => {
      const shared = options(10);
      await count(counterFor(store, shared), 'k');
      expect((await count(counterFor(store, shared), 'k')).consumedPoints).toBe(2);
    });
  });
}

countsLikeACounter('memory', () => createMemoryStore());
countsLikeACounter('Redis', () => createRedisStore(REDIS_URL, `portal-test-${process.pid}:`));

describe('counters on Redis', () => {
  it('are shared by every instance on the same Redis', async () => {
    const prefix = `portal-test-${randomBytes(4).toString('hex')}:`;
    const [one, two] = [createRedisStore(REDIS_URL, prefix), createRedisStore(REDIS_URL, prefix)];
    try {
      const options = { name: 'test:shared', points: 5, durationSeconds: 60 };
      await count(counterFor(one, options), 'k');
      expect((await count(counterFor(two, options), 'k')).consumedPoints).toBe(2);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('limitedAddress', () => {
  it('limits an IPv4 address as itself, a mapped one too, and an IPv6 host by its /64', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitedAddress('2001:db8:1:2:a:b:c:d')).toBe('2001:db8:1:2::/64');
    expect(limitedAddress('2001:db8:1:2::ffff')).toBe(limitedAddress('2001:0db8:0001:0002::1'));
    expect(limitedAddress('2001:db8:1:3::1')).not.toBe(limitedAddress('2001:db8:1:2::1'));
  });
});
