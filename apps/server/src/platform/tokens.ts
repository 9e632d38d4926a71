import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';
import { publicJwkOf } from './secrets.js';

/** The audience of access tokens for the platform services (the provider's default resource). */
export const API_AUDIENCE = 'urn:portal:services';
/** How long an access token lives; so also how long a revocation must be remembered. */
export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;

export interface TokenSubject {
  userId: number;
  name: string;
}

export interface VerifiedToken extends TokenSubject {
  /** The provider session (`sid`) the token was issued in; absent on tokens made outside one. */
  sessionId?: string;
  /** `iat`, seconds since the epoch. */
  issuedAt: number;
}

export interface TokenVerifier {
  /** Throws when the token is missing its parts, forged, expired, or not for the services. */
  verify(token: string): Promise<VerifiedToken>;
}

/** Tokens verified lately, kept until they expire (at most this long). */
const VERIFIED_TOKENS = 10_000;
const VERIFIED_TOKEN_TTL_MS = 5 * 60_000;

function verifierFor(keys: JWTVerifyGetKey, issuer: string): TokenVerifier {
  // The same bytes verify the same way until they expire: a caller's next calls (and a flood of
  // them) cost a lookup, not a signature check. Revocation is checked apart, on every call.
  const verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS });
  return {
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId <= 0) throw new Error('token subject is not a user');
      const subject: VerifiedToken = {
        userId,
        name: typeof payload.name === 'string' ? payload.name : '',
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
        issuedAt: payload.iat ?? 0,
      };
      const lifeMs = (payload.exp ?? 0) * 1000 - Date.now();
      if (lifeMs > 0)
        verified.set(token, subject, { ttl: Math.min(lifeMs, VERIFIED_TOKEN_TTL_MS) });
      return subject;
    },
  };
}

/** Same process as the identity provider: verify against its key directly. */
export function createLocalVerifier(signingJwk: JWK, issuer: string): TokenVerifier {
  return verifierFor(createLocalJWKSet({ keys: [publicJwkOf(signingJwk)] }), issuer);
}

/** A service running apart: fetch (and cache) the provider's published keys. */
export function createRemoteVerifier(issuer: string): TokenVerifier {
  return verifierFor(createRemoteJWKSet(new URL(`${issuer}/jwks`)), issuer);
}

/** Signs an access token the way the provider does; for tests and tools only. */
export async function signAccessToken(
  signingJwk: JWK,
  issuer: string,
  subject: TokenSubject,
  expiresInSeconds = 3600,
): Promise<string> {
  const key = await importJWK(signingJwk, 'RS256');
  return new SignJWT({ name: subject.name, scope: 'openid profile', client_id: 'portal-web' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingJwk.kid })
    .setSubject(String(subject.userId))
    .setIssuer(issuer)
    .setAudience(API_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresInSeconds}s`)
    .sign(key);
}
