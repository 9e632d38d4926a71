import type { Endpoint } from '@portal/contracts';
import type { onRequestHookHandler } from 'fastify';

/** What no shared cache (a proxy, a CDN) may keep, nor the browser write to disk. */
export const PRIVATE_ANSWER = 'private, no-store';

/**
 * An endpoint's answers carry personal data when it needs a signed-in caller (or a reviewer's
 * proof), and any answer may when the caller sent a token; set before the route runs, so
 * refusals carry it too. Anonymous answers keep their own caching.
 */
export function privateAnswers(endpoint: Endpoint): onRequestHookHandler {
  const always = endpoint.auth !== 'optional';
  return async (request, reply) => {
    if (always || request.headers.authorization !== undefined)
      reply.header('cache-control', PRIVATE_ANSWER);
  };
}
