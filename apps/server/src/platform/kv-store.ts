import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { scheduleJob } from './scheduled-jobs.js';
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
  /** Sets only when the key is absent, in one step: a value written meanwhile by a change wins. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
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
  /** The Redis connection behind the store, when there is one (the rate-limit counters share it). */
  readonly redis?: { client: Redis; prefix: string };
}

/** The memory store's bounds for each kind of key: beyond them its least recently used go first. */
export interface MemoryStoreLimits {
  maxEntries: number;
  /** Keys and values together, in UTF-16 code units. */
  maxChars: number;
}
export const MEMORY_STORE_LIMITS: MemoryStoreLimits = {
  maxEntries: 50_000,
  maxChars: 8 * 1024 * 1024,
};
/** Kinds are named by the code (rate, sms, tokens…); past this many, the rest share one bound. */
const MAX_KINDS = 32;
/** Every minute, keys past their TTL are dropped without being read again. */
const PURGE_SCHEDULE = '0 * * * * *';

export type MemoryStore = KeyValueStore & {
  /** Keys held, expired ones not yet dropped included. */
  readonly size: number;
};

/**
 * One process's store on lru-cache: keys live their TTL, and each kind of key (its first segment)
 * is bounded on its own, so a flood of one kind (anonymous idempotency keys, say) cannot push out
 * another (a token revocation, a failure count).
 */
export function createMemoryStore(
  now: () => number = Date.now,
  limits: MemoryStoreLimits = MEMORY_STORE_LIMITS,
): MemoryStore {
  type Entry = { value: string; expiresAt: number };
  const kinds = new Map<string, LRUCache<string, Entry>>();
  const cacheOf = (key: string) => {
    const named = key.slice(0, Math.max(0, key.indexOf(':')));
    const kind = kinds.has(named) || kinds.size < MAX_KINDS - 1 ? named : '*';
    let cache = kinds.get(kind);
    if (!cache)
      kinds.set(
        kind,
        (cache = new LRUCache<string, Entry>({
          max: limits.maxEntries,
          maxSize: limits.maxChars,
          sizeCalculation: (entry, k) => k.length + entry.value.length + 1,
          perf: { now },
          ttlResolution: 0,
        })),
      );
    return cache;
  };
  const entries = {
    get: (key: string) => cacheOf(key).get(key),
    set: (key: string, entry: Entry, options: { ttl: number }) =>
      cacheOf(key).set(key, entry, options),
    delete: (key: string) => cacheOf(key).delete(key),
  };
  const purge = scheduleJob({
    name: 'memory-store-purge',
    schedule: PURGE_SCHEDULE,
    run: async () => {
      for (const cache of kinds.values()) cache.purgeStale();
    },
  });
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
      return [...kinds.values()].reduce((sum, cache) => sum + cache.size, 0);
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      put(key, value, now() + ttlSeconds * 1000);
    },
    async setIfAbsent(key, value, ttlSeconds) {
      if (live(key)) return false;
      put(key, value, now() + ttlSeconds * 1000);
      return true;
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
      purge.stop();
      kinds.clear();
    },
  };
}

export function createRedisStore(url: string, prefix = 'portal:'): KeyValueStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // ioredis retries a lost connection and prints each failure unless someone listens: the app
  // logs them (portal.ts), a test has its own checks.
  redis.on('error', () => {});
  const k = (key: string) => prefix + key;
  return {
    redis: { client: redis, prefix },
    get: (key) => redis.get(k(key)),
    async set(key, value, ttlSeconds) {
      await redis.set(k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async setIfAbsent(key, value, ttlSeconds) {
      return (
        (await redis.set(k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK'
      );
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
