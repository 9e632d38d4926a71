import { LRUCache } from 'lru-cache';

export interface ProcessCacheOptions {
  /** Entries at most: past it the least recently used go first. */
  max: number;
  /** How long an entry is kept. */
  ttlMs: number;
}

// By owner (a database: the tests open several in one process, and none may see another's) and name.
const caches = new WeakMap<
  object,
  Map<string, LRUCache<NonNullable<unknown>, NonNullable<unknown>>>
>();

/**
 * A bounded cache of this process (lru-cache), each entry kept for ttlMs: for what many requests
 * read and nobody changes per request (a paper's questions, a site's tenant, a list's count).
 */
export function processCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  owner: object,
  name: string,
  { max, ttlMs }: ProcessCacheOptions,
): LRUCache<K, V> {
  let named = caches.get(owner);
  if (!named) caches.set(owner, (named = new Map()));
  let cache = named.get(name);
  if (!cache) named.set(name, (cache = new LRUCache({ max, ttl: ttlMs })));
  return cache as unknown as LRUCache<K, V>;
}
