import type { Endpoint } from '@portal/contracts';
import type { onRequestHookHandler, onSendHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { RouteOptions } from '../route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this anonymous call's answer is kept for the next anonymous callers, or null. */
    sharedAnswerKey: string | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers of a service's public reads kept for anonymous callers (RouteOptions
 * .sharedAnonymousAnswer), by site and address, for ttlMs; bounded in number and size, since
 * both are the caller's to vary. A kept answer is served before the query is even parsed.
 */
export function sharedAnonymousAnswers(ttlMs: number) {
  const answers = new LRUCache<string, string>({
    max: 1_000,
    maxSize: 8_000_000,
    sizeCalculation: (text) => text.length,
    ttl: ttlMs || 1,
    ttlAutopurge: true,
  });

  /** After identifyCaller: an anonymous caller of a shared read gets the kept answer. */
  const serveKept =
    (endpoint: Endpoint, options: RouteOptions): onRequestHookHandler =>
    async (request, reply) => {
      if (!options.sharedAnonymousAnswer || ttlMs <= 0 || request.caller) return;
      if (endpoint.method !== 'GET') return;
      // X-Forwarded-Host counts only when the app trusts its proxy (Fastify's trustProxy).
      const key = `${request.hostname.toLowerCase()} ${request.url}`;
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
