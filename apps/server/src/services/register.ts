import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { ERROR_CODES, MAX_UPLOAD_BYTES, readQueryText, type ServiceId } from '@portal/contracts';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, DomainError, tooManyRequests, unauthorized } from '../domain/errors.js';
import {
  PREVIEW_SESSION_EXPIRED,
  requireReviewer,
  type Reviewer,
} from '../domain/preview/preview.js';
import { tenantIdFor } from '../domain/sites/tenants.js';
import { findActiveCaller } from '../domain/accounts/users.js';
import { RATE_LIMITS, type RateLimits } from '../config.js';
import type { AppDeps } from '../platform/deps.js';
import { countOrRefuse, counterFor, limitedAddress } from '../platform/rate-limits.js';
import { isTokenRevoked } from '../platform/token-revocation.js';
import type { VerifiedToken } from '../platform/tokens.js';
import { ok } from '../platform/envelope.js';
import { claimIdempotencyKey } from './idempotency.js';
import { containsNul } from './query-text.js';
import { privateAnswers } from './cache-control.js';
import type { AuthUser, PreviewProof, ServiceRoute, UploadedFile } from './route.js';

export { RATE_LIMITS, type RateLimits } from '../config.js';

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
    findActiveCaller(deps.db, subject.userId),
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

export async function authenticate(
  request: FastifyRequest,
  deps: AppDeps,
): Promise<AuthUser | null> {
  const subject = await verifiedBearer(request, deps);
  return subject && activeCallerOf(subject, deps);
}

async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files.push({
          fileName: part.filename,
          contentType: part.mimetype,
          data: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The parser's own refusals (too large, too many files) carry a 4xx; anything else it throws
    // (no boundary, a body cut short) is a malformed upload, not our failure.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('上传内容不完整或格式有误，请重新选择文件上传');
  }
  return { fields, files };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** X-Forwarded-Host counts only when the app trusts its proxy (Fastify's trustProxy). */
function hostOf(request: FastifyRequest): string {
  return request.hostname.toLowerCase();
}

/** The reviewer's preview proof: HttpOnly, SameSite=Strict, sent only to the preview paths. */
export const PREVIEW_COOKIE = 'portal_preview';
const PREVIEW_PROOF_SERVICES = ['exam-flow', 'exam-expand'] as const;
export const previewCookiePath = (serviceId: string) =>
  `/services/${serviceId}/OpenService/v1/ProjectPreview`;

function previewProofOf(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): PreviewProof {
  const options = (maxAge: number, path: string) => ({
    path,
    maxAge,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.config.publicUrl.startsWith('https:'),
  });
  return {
    sent: request.cookies[PREVIEW_COOKIE] || undefined,
    set(proof, maxAgeSeconds) {
      for (const service of PREVIEW_PROOF_SERVICES)
        reply.setCookie(PREVIEW_COOKIE, proof, options(maxAgeSeconds, previewCookiePath(service)));
    },
    clear() {
      for (const service of PREVIEW_PROOF_SERVICES)
        reply.clearCookie(PREVIEW_COOKIE, options(0, previewCookiePath(service)));
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null: set by the route's onRequest hook, before the body is read. */
    caller: AuthUser | null;
  }
}

/** One Fastify plugin per ServiceID, each route parsed and answered through the contract. */
export async function registerService(
  app: FastifyInstance,
  serviceId: ServiceId,
  routes: readonly ServiceRoute[],
  deps: AppDeps,
  rateLimits: RateLimits = RATE_LIMITS,
): Promise<void> {
  const callsPerMinute = (caller: 'user' | 'address', points: number) =>
    counterFor(deps.store, { name: `calls:${serviceId}:${caller}`, points, durationSeconds: 60 });
  const callsOfUser = callsPerMinute('user', rateLimits.perUserPerMinute);
  const callsOfAddress = callsPerMinute('address', rateLimits.perAddressPerMinute);
  const refuseCall = () => tooManyRequests('请求过于频繁，请稍后再试');
  // Answers kept for anonymous callers (RouteOptions.sharedAnonymousAnswer), by site and address;
  // bounded in number and size (both are the caller's to vary), dropped when they expire.
  const answerTtlMs = deps.config.anonymousAnswerTtlMs;
  const anonymousAnswers = new LRUCache<string, string>({
    max: 1_000,
    maxSize: 8_000_000,
    sizeCalculation: (text) => text.length,
    ttl: answerTtlMs || 1,
    ttlAutopurge: true,
  });
  await app.register(
    async (service) => {
      service.decorateRequest('caller', null);
      await service.register(cookie);
      await service.register(multipart, {
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 },
      });
      for (const { endpoint, handler, options } of routes) {
        if (endpoint.service !== serviceId)
          throw new Error(`${endpoint.name} belongs to ${endpoint.service}, not ${serviceId}`);
        service.route({
          method: endpoint.method,
          url: endpoint.path,
          // Who calls, counted and checked from the headers alone: a refused caller's body is
          // never read, let alone parsed.
          onRequest: [
            privateAnswers(endpoint),
            async (request) => {
              // A refused token counts against its address: forged ones cannot flood.
              const refuse = async (error: unknown) => {
                await countOrRefuse(callsOfAddress, limitedAddress(request.ip), refuseCall);
                throw error;
              };
              // A stale token on a public call is treated as anonymous.
              const anonymousIfOptional = (error: unknown) =>
                endpoint.auth !== 'required' && error instanceof DomainError ? null : refuse(error);
              const subject = await verifiedBearer(request, deps).catch(anonymousIfOptional);
              // Counted before the database is asked: past the limit a caller costs a signature check.
              if (subject) await countOrRefuse(callsOfUser, String(subject.userId), refuseCall);
              else await countOrRefuse(callsOfAddress, limitedAddress(request.ip), refuseCall);
              options.admit?.({ caller: subject, deps });
              const user = subject
                ? await activeCallerOf(subject, deps).catch(anonymousIfOptional)
                : null;
              if (endpoint.auth === 'required' && !user) throw unauthorized('请先登录');
              request.caller = user;
            },
          ],
          handler: async (request, reply) => {
            const user = request.caller;
            const answerKey =
              options.sharedAnonymousAnswer && answerTtlMs > 0 && !user && endpoint.method === 'GET'
                ? `${hostOf(request)} ${request.url}`
                : null;
            const keptAnswer = answerKey ? anonymousAnswers.get(answerKey) : undefined;
            if (keptAnswer) return reply.type(JSON_TYPE).send(keptAnswer);
            const previewProof = previewProofOf(request, reply, deps);
            // A LoginName alone proves nothing (§6): no proof, no preview.
            if (endpoint.auth === 'preview' && !previewProof.sent)
              throw unauthorized(PREVIEW_SESSION_EXPIRED);
            let raw: unknown;
            let files: UploadedFile[] = [];
            if (endpoint.method === 'GET')
              raw = readQueryText(endpoint.request, request.query as Record<string, unknown>);
            else if (endpoint.body === 'multipart') {
              if (!request.isMultipart())
                throw new DomainError(
                  ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
                  '上传请使用 multipart/form-data',
                );
              const form = await readMultipart(request);
              raw = form.fields;
              files = form.files;
            } else raw = request.body ?? {};
            if (containsNul(raw)) throw badRequest('参数中不能含有空字符（\\0），请删除后重试');
            const input = endpoint.request.parse(raw);
            const reviewer: Reviewer | null =
              endpoint.auth === 'preview'
                ? await requireReviewer(deps.db, deps.store, {
                    proof: previewProof.sent,
                    loginName: (input as { LoginName: string }).LoginName,
                    siteTenantId: await tenantIdFor(deps.db, hostOf(request), null),
                  })
                : null;
            const idempotent =
              endpoint.method === 'POST' && endpoint.body === 'json'
                ? await claimIdempotencyKey(deps.store, request.headers['idempotency-key'], {
                    endpoint: endpoint.name,
                    caller: user ? `user:${user.userId}` : `address:${request.ip}`,
                    input,
                  })
                : null;
            if (idempotent?.earlier) return reply.send(idempotent.earlier);
            try {
              const data = await handler({
                input,
                user,
                requireUser: () => {
                  if (!user) throw unauthorized('请先登录');
                  return user;
                },
                requireReviewer: () => {
                  if (!reviewer) throw unauthorized(PREVIEW_SESSION_EXPIRED);
                  return reviewer;
                },
                previewProof,
                deps,
                clientIp: request.ip,
                files,
                host: hostOf(request),
              });
              const answer = endpoint.response.safeParse(data);
              // An answer that breaks the contract is our bug, not the caller's: a 500, logged.
              if (!answer.success)
                throw new Error(
                  `${endpoint.name} answered outside the contract: ${answer.error.message}`,
                );
              const envelope = ok(answer.data);
              await idempotent?.remember(envelope);
              if (answerKey) {
                const text = JSON.stringify(envelope);
                anonymousAnswers.set(answerKey, text);
                return reply.type(JSON_TYPE).send(text);
              }
              return reply.send(envelope);
            } finally {
              await idempotent?.release();
            }
          },
        });
      }
    },
    { prefix: `/services/${serviceId}` },
  );
}
