import {
  type CallAtAddress,
  callsAt,
  FIRST_SCREEN_CALLS,
  followUpsAt,
  type PageLayout,
  type ServiceId,
  SIGNED_IN_FIRST_CALLS,
  SIGNED_IN_FOLLOW_UPS,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/** Past this the page goes out without the answer: the SPA asks for it itself. */
const FIRST_ANSWER_WAIT_MS = 300;

/**
 * Each call asked of this very process as the visitor would ask the service's endpoint (its host,
 * PUBLIC_URL's, decides the tenant, as for the SPA's own calls), from the visitor's address and
 * with the visitor's token when there is one — the same route, rate limit, checks and shared
 * answer. A call of a service the SPA is sent elsewhere for, one not answered with 200, or one that
 * takes too long is null.
 */
function askFirstCalls(
  app: FastifyInstance,
  config: ServerConfig,
  request: FastifyRequest,
  calls: readonly CallAtAddress[],
  authorization?: string,
  waitMs = FIRST_ANSWER_WAIT_MS,
): Promise<(readonly [string, unknown] | null)[]> {
  return Promise.all(
    calls.map(async ({ endpoint, key, pathAndQuery }) => {
      const service = endpoint.service as ServiceId;
      // The SPA asks this process only at its own address (SERVICE_ENDPOINTS may point elsewhere).
      const ownEndpoint = `${config.publicUrl}/services/${service}`;
      if (!config.parts.has(service) || config.serviceEndpoints[service] !== ownEndpoint)
        return null;
      const served = new URL(ownEndpoint);
      let timer: NodeJS.Timeout | undefined;
      try {
        const response = await Promise.race([
          app.inject({
            method: 'GET',
            url: `${served.pathname}${pathAndQuery}`,
            headers: { host: served.host, ...(authorization ? { authorization } : {}) },
            remoteAddress: request.ip,
          }),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), waitMs);
          }),
        ]);
        return response?.statusCode === 200 ? ([key, response.json() as unknown] as const) : null;
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

/**
 * The answers to a page's first public calls (FIRST_SCREEN_CALLS), asked as an anonymous visitor,
 * so the host page can carry them; those that could not be asked are left out (the SPA asks).
 */
export async function firstAnswersFor(
  app: FastifyInstance,
  config: ServerConfig,
  request: FastifyRequest,
  layout: PageLayout,
  url: URL,
): Promise<Record<string, unknown> | null> {
  const answers = await askFirstCalls(
    app,
    config,
    request,
    callsAt(FIRST_SCREEN_CALLS[layout], url),
  );
  const found = answers.filter((answer) => answer !== null);
  return found.length > 0 ? Object.fromEntries(found) : null;
}

/** A page's follow-ups asked at most (the workbench's exams: a candidate seldom has more). */
const MAX_FOLLOW_UPS = 10;

/**
 * The answers to a signed-in screen's first calls (SIGNED_IN_FIRST_CALLS), asked with the token
 * the page request's cookie carries: all of them, or null (a refused token, a call that failed or
 * was slow, a page that has none): the screen is then left to the SPA. Then its follow-ups
 * (SIGNED_IN_FOLLOW_UPS), with those answered, within what is left of the same wait: the SPA asks
 * the others itself. Past capacity none is asked: an exam's state is never turned away by the
 * waiting line (the exam room's calls pass it), so the host holds back itself.
 */
export async function signedInAnswersFor(
  app: FastifyInstance,
  config: ServerConfig,
  request: FastifyRequest,
  layout: PageLayout,
  url: URL,
  token: string,
): Promise<Record<string, unknown> | null> {
  const calls = callsAt(SIGNED_IN_FIRST_CALLS[layout], url);
  if (calls.length === 0) return null;
  const authorization = `Bearer ${token}`;
  const started = performance.now();
  const answers = await askFirstCalls(app, config, request, calls, authorization);
  const found = answers.filter((answer) => answer !== null);
  if (found.length < calls.length) return null;
  const first = Object.fromEntries(found);
  const followUps = followUpsAt(SIGNED_IN_FOLLOW_UPS[layout], url, first).slice(0, MAX_FOLLOW_UPS);
  const left = FIRST_ANSWER_WAIT_MS - (performance.now() - started);
  if (followUps.length === 0 || left <= 0 || app.pastCapacity()) return first;
  const followed = await askFirstCalls(app, config, request, followUps, authorization, left);
  return { ...first, ...Object.fromEntries(followed.filter((answer) => answer !== null)) };
}
