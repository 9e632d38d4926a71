import type { AltchaChallenge } from '@portal/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Does a challenge's proof of work as a browser would (tests and benches: their levels are low). */
export async function solveProofOfWork(
  challenge: AltchaChallenge,
): Promise<{ counter: number; derivedKey: string }> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof of work found no solution');
  return { counter: solution.counter, derivedKey: solution.derivedKey };
}
