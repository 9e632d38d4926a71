import type { AltchaChallenge } from '@portal/contracts';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** A real proof-of-work challenge as Captcha/GetChallenge gives it, cheap enough for a unit test. */
export async function testChallenge(): Promise<{
  Challenge: AltchaChallenge;
  ExpiresInSeconds: number;
}> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: 3,
    deriveKey,
    expiresAt: new Date(Date.now() + 300_000),
    data: { scene: 'ic_message_h5', level: 0 },
    hmacSignatureSecret: 'test-key',
    hmacKeySignatureSecret: 'test-key:key',
  });
  return { Challenge: challenge as AltchaChallenge, ExpiresInSeconds: 300 };
}
