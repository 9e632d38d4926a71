import { createHmac, timingSafeEqual } from 'node:crypto';
/**
 * What the server vouches for in a public address (a ticket's QR, a receipt): an HMAC with its key,
 * derived for one purpose so a signature made for one thing never passes for another.
 */
function signatureOf(secret: string, purpose: string, text: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url');
}

/** Signed with the newest key (keys are listed newest first). */
export function serverSignature(keys: readonly string[], purpose: string, text: string): string {
  return signatureOf(keys[0] ?? '', purpose, text);
}

/** Whether the signature was made by this server (any of these keys) for this text. */
export function isServerSignature(
  keys: readonly string[],
  purpose: string,
  text: string,
  signature: string,
): boolean {
  const given = Buffer.from(signature);
  return keys.some((key) => {
    const expected = Buffer.from(signatureOf(key, purpose, text));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
