import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { WorkLine, type WorkLineLimits } from '../../platform/work-line.js';

/**
 * scrypt's cost: N = 2^14, r = 8, p = 1 (16 MiB a hash; Percival's parameters for interactive
 * sign-in, and Node's defaults). About 40 ms of one core of the development machine each: a
 * box of 2 cores checks about 35 passwords a second (docs/performance.md, "Registration morning").
 */
export const SCRYPT_COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

const scrypt = (password: string, salt: Buffer, keylen: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, SCRYPT_COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** Hashes at once: one per core (PASSWORD_HASH_CONCURRENCY), and how many may wait for a turn. */
export const defaultPasswordLineLimits = (): WorkLineLimits => ({
  concurrency: availableParallelism(),
  waiting: 64,
});

/**
 * Every scrypt of this process, sign-in, sign-up, reset and password change alike, goes through
 * one line: past what the cores can hash soon, a new one is refused at once (LineFull, 503 with
 * Retry-After) instead of waiting in libuv's pool behind hundreds until its caller gives up.
 */
export const passwordLine = new WorkLine(defaultPasswordLineLimits(), 40);

/** scrypt with a random salt, stored as `scrypt$<salt>$<hash>` in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await passwordLine.run(() => scrypt(password, salt, KEY_LENGTH));
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await passwordLine.run(() =>
    scrypt(password, Buffer.from(saltText, 'base64url'), expected.length),
  );
  return timingSafeEqual(actual, expected);
}
