import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
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

function verifierFor(keys: JWTVerifyGetKey, issuer: string): TokenVerifier {
  return {
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId <= 0) throw new Error('token subject is not a user');
      return {
        userId,
        name: typeof payload.name === 'string' ? payload.name : '',
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
        issuedAt: payload.iat ?? 0,
      };
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
