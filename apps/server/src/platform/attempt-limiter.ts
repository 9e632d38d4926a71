import type { KeyValueStore } from './kv-store.js';
import { counterFor, limitedAddress } from './rate-limits.js';

/** A try past its free ones waits before the next one; the wait grows with every failure. */
export const tooManyAttempts = (seconds: number) =>
  `尝试次数较多，请${seconds >= 120 ? `${Math.ceil(seconds / 60)}分钟` : `${seconds}秒`}后再试`;
export const CAPTCHA_REQUIRED = '请先完成安全验证后再登录';

const FAILURE_WINDOW_SECONDS = 15 * 60;
/** A number's failures are remembered this long (a success forgets them). */
const MOBILE_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
/**
 * Tries a number gets at once from one address; after them, that address waits 30 s, 60 s,
 * 120 s … up to 15 minutes. Other addresses do not wait for it: a stranger's failures never hold
 * up the owner.
 */
export const FREE_TRIES_PER_MOBILE = 5;
const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 15 * 60;
/**
 * A whole school may sit behind one address, so an address is never locked: past a few failures
 * a password try needs a passed human check (a proof of work) — from that number, or from that address — and a
 * failure from an address that keeps failing is answered a little later each time.
 */
export const CAPTCHA_AFTER_MOBILE_FAILURES = 3;
export const CAPTCHA_AFTER_ADDRESS_FAILURES = 10;
const ADDRESS_DELAY_STEP_MS = 100;
export const LONGEST_ADDRESS_DELAY_MS = 2000;
/** The counters only count; their own refusal is never used. */
const NO_REFUSAL = Number.MAX_SAFE_INTEGER;

/** Seconds from a pair's first failure before its try number `n` may be judged. */
function earliestTrySeconds(n: number): number {
  let total = 0;
  for (let k = 1; k <= n - FREE_TRIES_PER_MOBILE; k++)
    total += Math.min(FIRST_WAIT_SECONDS * 2 ** (k - 1), LONGEST_WAIT_SECONDS);
  return total;
}

/**
 * Limits sign-in failures without locking anybody out. The waits are per number and address: a
 * number gets FREE_TRIES_PER_MOBILE tries at once from an address, then that address waits longer
 * after each failure (the right password works again after the wait). Across addresses a number
 * is never made to wait: past a few failures from anywhere, each try needs a passed human check,
 * which the owner can always pass. Every try is counted before it is judged, in one atomic
 * increment, so simultaneous guesses cannot all read the same count; a try refused unheard gives
 * its count back and a success forgets the number's failures. An address's failures (counted as
 * they happen) ask for a human check and slow the answers to further failures.
 */
export function createAttemptLimiter(store: KeyValueStore) {
  const byPair = counterFor(store, {
    name: 'sign-in:tries:mobile-address',
    points: NO_REFUSAL,
    durationSeconds: MOBILE_FAILURE_MEMORY_SECONDS,
  });
  const byMobile = counterFor(store, {
    name: 'sign-in:tries:mobile',
    points: NO_REFUSAL,
    durationSeconds: MOBILE_FAILURE_MEMORY_SECONDS,
  });
  const byAddress = counterFor(store, {
    name: 'sign-in:failures:address',
    points: NO_REFUSAL,
    durationSeconds: FAILURE_WINDOW_SECONDS,
  });
  const pairKey = (mobile: string, address: string) => `${mobile}:${limitedAddress(address)}`;
  const giveBack = (mobile: string, address: string) =>
    Promise.all([byPair.reward(pairKey(mobile, address)), byMobile.reward(mobile)]);
  /** Counts this try; the number's tries from anywhere, and the seconds this address must wait. */
  const countTry = async (mobile: string, address: string) => {
    const [pair, number] = await Promise.all([
      byPair.penalty(pairKey(mobile, address)),
      byMobile.penalty(mobile),
    ]);
    // The pair's window starts at its first try, so what has passed of it is the time since.
    const elapsedSeconds = (byPair.msDuration - pair.msBeforeNext) / 1000;
    return {
      tries: number.consumedPoints,
      wait: Math.max(Math.ceil(earliestTrySeconds(pair.consumedPoints) - elapsedSeconds), 0),
    };
  };
  const addressFailures = async (address: string) =>
    (await byAddress.get(limitedAddress(address)))?.consumedPoints ?? 0;
  return {
    /** Counts this try; the seconds to wait when it may not be judged now (0 for "go ahead"). */
    async startAttempt(mobile: string, address: string): Promise<number> {
      const { wait } = await countTry(mobile, address);
      if (wait > 0) await giveBack(mobile, address);
      return wait;
    },
    /**
     * A password try: as startAttempt, and past a few failures of the number or the address it
     * must come with a passed human check (`human` spends it; absent when none was done).
     */
    async startCheckedAttempt(
      mobile: string,
      address: string,
      human: (() => Promise<boolean>) | undefined,
    ): Promise<{ wait: number; captchaRequired: boolean }> {
      const [{ tries, wait }, failures] = await Promise.all([
        countTry(mobile, address),
        addressFailures(address),
      ]);
      const captchaRequired =
        tries > CAPTCHA_AFTER_MOBILE_FAILURES || failures >= CAPTCHA_AFTER_ADDRESS_FAILURES;
      const refused = wait > 0 || (captchaRequired && !(human && (await human())));
      if (refused) await giveBack(mobile, address);
      return { wait: refused ? wait : 0, captchaRequired: refused && captchaRequired };
    },
    /** Whether the next password try of the number, from the address, needs a human check. */
    async needsCaptcha(mobile: string, address: string): Promise<boolean> {
      const [tries, failures] = await Promise.all([
        byMobile.get(mobile).then((res) => res?.consumedPoints ?? 0),
        addressFailures(address),
      ]);
      return tries >= CAPTCHA_AFTER_MOBILE_FAILURES || failures >= CAPTCHA_AFTER_ADDRESS_FAILURES;
    },
    /** A failed try from an address: how long to hold its answer (more the more it fails). */
    async failed(address: string): Promise<number> {
      const { consumedPoints } = await byAddress.penalty(limitedAddress(address));
      return Math.min(
        Math.max(consumedPoints - CAPTCHA_AFTER_ADDRESS_FAILURES, 0) * ADDRESS_DELAY_STEP_MS,
        LONGEST_ADDRESS_DELAY_MS,
      );
    },
    /** A counted try that was not judged after all (the password line was full): its count back. */
    async unheard(mobile: string, address: string): Promise<void> {
      await giveBack(mobile, address);
    },
    async succeeded(mobile: string, address: string): Promise<void> {
      await Promise.all([byPair.delete(pairKey(mobile, address)), byMobile.delete(mobile)]);
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
