import { Redis } from 'ioredis';

/**
 * What must be shared across instances (rate-limit counters, SMS codes, captcha challenges,
 * identity sessions): Redis when REDIS_URL is set, memory otherwise.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step, so a value can be spent only once. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Adds `by` (one unless told) in one step; the first increment starts the window of ttlSeconds. */
  increment(key: string, ttlSeconds: number, by?: number): Promise<number>;
  /** Seconds left, or null when the key is absent. */
  ttl(key: string): Promise<number | null>;
  close(): Promise<void>;
  /** The Redis connection behind the store, when there is one (the rate-limit counters share it). */
  readonly redis?: { client: Redis; prefix: string };
}

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
    },
    async take(key) {
      const entry = live(key);
      entries.delete(key);
      return entry?.value ?? null;
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlSeconds, by = 1) {
      const entry = live(key);
      const next = (entry ? Number(entry.value) : 0) + by;
      entries.set(key, {
        value: String(next),
        expiresAt: entry?.expiresAt ?? now() + ttlSeconds * 1000,
      });
      return next;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? Math.ceil((entry.expiresAt - now()) / 1000) : null;
    },
    async close() {
      entries.clear();
    },
  };
}

export function createRedisStore(url: string, prefix = 'portal:'): KeyValueStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const k = (key: string) => prefix + key;
  return {
    redis: { client: redis, prefix },
    get: (key) => redis.get(k(key)),
    async set(key, value, ttlSeconds) {
      await redis.set(k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    take: (key) => redis.getdel(k(key)),
    async delete(key) {
      await redis.del(k(key));
    },
    async increment(key, ttlSeconds, by = 1) {
      const [[, count]] = (await redis
        .multi()
        .incrby(k(key), by)
        .expire(k(key), Math.max(1, Math.ceil(ttlSeconds)), 'NX')
        .exec()) as [[Error | null, number]];
      return count;
    },
    async ttl(key) {
      const seconds = await redis.ttl(k(key));
      return seconds < 0 ? null : seconds;
    },
    async close() {
      await redis.quit();
    },
  };
}
