import type { Endpoint, ServiceId } from '@portal/contracts';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { findActiveCaller } from '../../domain/accounts/account-state.js';
import { DomainError, tooManyRequests, unauthorized } from '../../domain/errors.js';
import type { RateLimits } from '../../config.js';
import type { AppDeps } from '../../platform/deps.js';
import { countOrRefuse, counterFor, limitedAddress } from '../../platform/rate-limits.js';
import { isTokenRevoked } from '../../platform/token-revocation.js';
import type { VerifiedToken } from '../../platform/tokens.js';
import type { AuthUser, RouteOptions } from '../route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null: set by identifyCaller, before the body is read. */
    caller: AuthUser | null;
  }
}

/** The bearer token's verified subject (signature, issuer, audience, expiry), or null without one. */
async function verifiedBearer(
  request: FastifyRequest,
  deps: AppDeps,
): Promise<VerifiedToken | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [type, token] = header.split(' ');
  if (type?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
  try {
    return await deps.tokens.verify(token);
  } catch {
    throw unauthorized();
  }
}

/** The token's user, if the account is still open and the token's session has not ended. */
async function activeCallerOf(subject: VerifiedToken, deps: AppDeps): Promise<AuthUser> {
  const [user, revoked] = await Promise.all([
    findActiveCaller(deps, subject.userId),
    isTokenRevoked(deps.store, subject),
  ]);
  // A closed account's tokens stop working at once.
  if (!user) throw unauthorized('账号不存在或已注销，请重新登录');
  // Signed out, or ended by a password change elsewhere.
  if (revoked) throw unauthorized();
  return {
    userId: user.id,
    tenantId: user.tenantId,
    name: user.name,
    sessionId: subject.sessionId,
  };
}

/** The signed-in caller of a request outside the contract's calls (a file by its address). */
export async function authenticate(
  request: FastifyRequest,
  deps: AppDeps,
): Promise<AuthUser | null> {
  const subject = await verifiedBearer(request, deps);
  return subject && activeCallerOf(subject, deps);
}

/** A service's calls per minute, of each signed-in user and of each address. */
export function callLimitsOf(serviceId: ServiceId, limits: RateLimits, deps: AppDeps) {
  const perMinute = (caller: 'user' | 'address', points: number) =>
    counterFor(deps.store, { name: `calls:${serviceId}:${caller}`, points, durationSeconds: 60 });
  return {
    ofUser: perMinute('user', limits.perUserPerMinute),
    ofAddress: perMinute('address', limits.perAddressPerMinute),
  };
}
export type CallLimits = ReturnType<typeof callLimitsOf>;

const refuseCall = () => tooManyRequests('请求过于频繁，请稍后再试');

/**
 * Who calls, counted and checked from the headers alone: a refused caller's body is never read,
 * let alone parsed. Sets request.caller.
 */
export function identifyCaller(
  endpoint: Endpoint,
  options: RouteOptions,
  limits: CallLimits,
  deps: AppDeps,
): onRequestHookHandler {
  return async (request) => {
    // A refused token counts against its address: forged ones cannot flood.
    const refuse = async (error: unknown) => {
      await countOrRefuse(limits.ofAddress, limitedAddress(request.ip), refuseCall);
      throw error;
    };
    // A stale token on a public call is treated as anonymous.
    const anonymousIfOptional = (error: unknown) =>
      endpoint.auth !== 'required' && error instanceof DomainError ? null : refuse(error);
    const subject = await verifiedBearer(request, deps).catch(anonymousIfOptional);
    // Counted before the database is asked: past the limit a caller costs a signature check.
    if (subject) await countOrRefuse(limits.ofUser, String(subject.userId), refuseCall);
    else await countOrRefuse(limits.ofAddress, limitedAddress(request.ip), refuseCall);
    options.admit?.({ caller: subject, deps });
    const user = subject ? await activeCallerOf(subject, deps).catch(anonymousIfOptional) : null;
    if (endpoint.auth === 'required' && !user) throw unauthorized('请先登录');
    request.caller = user;
  };
}
