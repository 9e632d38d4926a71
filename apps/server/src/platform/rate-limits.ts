import ipaddr from 'ipaddr.js';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { KeyValueStore } from './kv-store.js';
import { rateLimitRefusals } from './metrics.js';

export { RateLimiterRes };

export interface CounterOptions {
  /** Names the counter's keys; one counter per name and store. */
  name: string;
  /** Counts past this are refused by `consume` (see `count`). */
  points: number;
  /** The window, started by the first count of a key. */
  durationSeconds: number;
}

const counters = new WeakMap<KeyValueStore, Map<string, RateLimiterAbstract>>();

/**
 * A named counter of the app's shared store (KeyValueStore.rateLimiter: its Redis when it has one,
 * shared by every instance, memory otherwise), made once per store and name so every caller
 * counts together.
 */
export function counterFor(store: KeyValueStore, options: CounterOptions): RateLimiterAbstract {
  let named = counters.get(store);
  if (!named) counters.set(store, (named = new Map()));
  let counter = named.get(options.name);
  if (!counter) {
    counter = store.rateLimiter({
      keyPrefix: options.name,
      points: options.points,
      durationSeconds: options.durationSeconds,
    });
    named.set(options.name, counter);
  }
  return counter;
}

/** Counts one for `key` in one atomic step; the result says how many, whether or not that was too many. */
export async function count(counter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  let res: RateLimiterRes;
  try {
    res = await counter.consume(key);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    res = refused;
  }
  if (isOver(counter, res)) rateLimitRefusals.inc({ counter: counter.keyPrefix });
  return res;
}

/** Counts one for `key` and throws `refusal` when that was one too many. */
export async function countOrRefuse(
  counter: RateLimiterAbstract,
  key: string,
  refusal: () => Error,
): Promise<void> {
  if (isOver(counter, await count(counter, key))) throw refusal();
}

/** Whether a count is past the counter's points. */
export const isOver = (counter: RateLimiterAbstract, res: RateLimiterRes) =>
  res.consumedPoints > counter.points;

/** Whole seconds until the key's window ends. */
export const secondsLeft = (res: RateLimiterRes) => Math.max(Math.ceil(res.msBeforeNext / 1000), 1);

/**
 * What a limit per address counts: an IPv4 address (a mapped one too), or the /64 an IPv6 host is
 * given, since one host can take any address of it.
 */
export function limitedAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.map((part, i) => (i < 4 ? part : 0));
  return `${new ipaddr.IPv6(parts).toString()}/64`;
}
