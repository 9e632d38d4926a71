import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** At most `points` a key in each window of `durationSeconds`. */
export interface RateLimit {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

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
  /** A rate-limiter-flexible limiter counting where this store counts (shared when Redis). */
  rateLimiter(limit: RateLimit): RateLimiterAbstract;
  close(): Promise<void>;
}

/** The memory store's bounds: beyond them the least recently used keys go first. */
export interface MemoryStoreLimits {
  maxEntries: number;
  /** Keys and values together, in UTF-16 code units. */
  maxChars: number;
}
export const MEMORY_STORE_LIMITS: MemoryStoreLimits = {
  maxEntries: 100_000,
  maxChars: 64 * 1024 * 1024,
};
/** How often keys past their TTL are dropped without being read again. */
const PURGE_INTERVAL_MS = 60_000;

export type MemoryStore = KeyValueStore & {
  /** Keys held, expired ones not yet dropped included. */
  readonly size: number;
};

/** One process's store on lru-cache: keys live their TTL, and the whole is bounded. */
export function createMemoryStore(
  now: () => number = Date.now,
  limits: MemoryStoreLimits = MEMORY_STORE_LIMITS,
): MemoryStore {
  const entries = new LRUCache<string, { value: string; expiresAt: number }>({
    max: limits.maxEntries,
    maxSize: limits.maxChars,
    sizeCalculation: (entry, key) => key.length + entry.value.length + 1,
    perf: { now },
    ttlResolution: 0,
  });
  const purge = setInterval(() => entries.purgeStale(), PURGE_INTERVAL_MS);
  purge.unref();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, expiresAt: number) => {
    const ttl = expiresAt - now();
    if (ttl > 0) entries.set(key, { value, expiresAt }, { ttl: Math.ceil(ttl) });
    else entries.delete(key);
  };
  return {
    get size() {
      return entries.size;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      put(key, value, now() + ttlSeconds * 1000);
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
      put(key, String(next), entry?.expiresAt ?? now() + ttlSeconds * 1000);
      return next;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? Math.ceil((entry.expiresAt - now()) / 1000) : null;
    },
    rateLimiter: ({ keyPrefix, points, durationSeconds }) =>
      new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds }),
    async close() {
      clearInterval(purge);
      entries.clear();
    },
  };
}

export function createRedisStore(url: string, prefix = 'portal:'): KeyValueStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const k = (key: string) => prefix + key;
  return {
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
    rateLimiter: ({ keyPrefix, points, durationSeconds }) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: k(keyPrefix),
        points,
        duration: durationSeconds,
      }),
    async close() {
      await redis.quit();
    },
  };
}
