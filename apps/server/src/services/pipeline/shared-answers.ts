import type { Endpoint } from '@portal/contracts';
import type { onRequestHookHandler, onSendHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { RouteOptions } from '../route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this call's answer is kept for the next callers who share it, or null. */
    sharedAnswerKey: string | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers of a service's public reads kept for ttlMs and served again to the callers who would get
 * the same: anonymous callers of one site and address (RouteOptions.sharedAnonymousAnswer), and
 * signed-in callers of one tenant and address where the answer names nobody (.sharedTenantAnswer).
 * Bounded in number and size, since both are the caller's to vary. A kept answer is served before
 * the query is even parsed.
 */
export function sharedAnswers(ttlMs: number) {
  const answers = new LRUCache<string, string>({
    max: 1_000,
    maxSize: 8_000_000,
    sizeCalculation: (text) => text.length,
    ttl: ttlMs || 1,
    ttlAutopurge: true,
  });

  /** After identifyCaller: a caller of a shared read gets the kept answer. */
  const serveKept =
    (endpoint: Endpoint, options: RouteOptions): onRequestHookHandler =>
    async (request, reply) => {
      if (ttlMs <= 0 || endpoint.method !== 'GET') return;
      const { caller } = request;
      if (caller ? !options.sharedTenantAnswer : !options.sharedAnonymousAnswer) return;
      // X-Forwarded-Host counts only when the app trusts its proxy (Fastify's trustProxy).
      const key = caller
        ? `tenant:${caller.tenantId} ${request.url}`
        : `${request.hostname.toLowerCase()} ${request.url}`;
      const kept = answers.get(key);
      if (kept) return reply.type(JSON_TYPE).send(kept);
      request.sharedAnswerKey = key;
    };

  /** A fresh success of a shared read is kept, as the text that was sent. */
  const keep: onSendHookHandler = async (request, reply, payload) => {
    if (request.sharedAnswerKey && reply.statusCode === 200 && typeof payload === 'string')
      answers.set(request.sharedAnswerKey, payload);
    return payload;
  };

  return { serveKept, keep };
}
