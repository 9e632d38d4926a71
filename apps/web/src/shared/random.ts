const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random text from a cryptographic source (crypto.getRandomValues). */
export function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 62 × 4 = 248 ≤ 256: rejecting bytes ≥ 248 keeps every character equally likely.
  let out = '';
  for (const byte of bytes) {
    if (byte < 248) out += ALPHABET[byte % ALPHABET.length];
  }
  return out.length === length ? out : out + randomString(length - out.length);
}
