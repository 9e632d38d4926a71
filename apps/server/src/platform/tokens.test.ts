import { describe, expect, it } from 'vitest';
import { createSecrets } from './secrets.js';
import { createLocalVerifier, signAccessToken } from './tokens.js';

const ISSUER = 'http://127.0.0.1:3000/oidc';

describe('access token verification', () => {
  it('answers a token again from what it verified, and stops when the token expires', async () => {
    const { signingJwk } = await createSecrets();
    const verifier = createLocalVerifier(signingJwk, ISSUER);
    const token = await signAccessToken(signingJwk, ISSUER, { userId: 7, name: '张三' }, 3);
    const first = await verifier.verify(token);
    expect(first).toMatchObject({ userId: 7, name: '张三' });
    expect(await verifier.verify(token)).toBe(first);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 300));
    await expect(verifier.verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a token whose signature does not match, even after its genuine twin was verified', async () => {
    const { signingJwk } = await createSecrets();
    const verifier = createLocalVerifier(signingJwk, ISSUER);
    const token = await signAccessToken(signingJwk, ISSUER, { userId: 7, name: '张三' });
    await verifier.verify(token);
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: '8', iss: ISSUER, aud: 'urn:portal:services', exp: 9_999_999_999 }),
    ).toString('base64url');
    await expect(verifier.verify(`${header}.${forgedPayload}.${signature}`)).rejects.toThrow();
  });
});
