import { appendQuery, FIRST_SCREEN_CALLS, firstAnswerKey, type ServiceId } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/**
 * The answers to a page's first public calls (FIRST_SCREEN_CALLS), asked of this very process as
 * an anonymous visitor from the same address and site would ask — the same route, rate limit and
 * shared answer — so the host page can carry them. A call this process does not serve, or one
 * that is not answered with 200, is left out: the SPA then asks for it itself.
 */
export async function firstAnswersFor(
  app: FastifyInstance,
  config: ServerConfig,
  request: FastifyRequest,
  layout: 'mobile' | 'desktop',
  url: URL,
): Promise<Record<string, unknown> | null> {
  const calls = FIRST_SCREEN_CALLS[layout][url.pathname.replace(/\/+$/, '')] ?? [];
  const answers = await Promise.all(
    calls.map(async ({ endpoint, input }) => {
      const values = input(url.searchParams);
      if (!values || !config.parts.has(endpoint.service as ServiceId)) return null;
      const params = new URLSearchParams();
      appendQuery(params, values);
      const response = await app.inject({
        method: 'GET',
        url: `/services/${endpoint.service}${endpoint.path}?${params.toString()}`,
        headers: { host: request.host },
        remoteAddress: request.ip,
      });
      return response.statusCode === 200
        ? ([firstAnswerKey(endpoint, params), response.json()] as const)
        : null;
    }),
  );
  const found = answers.filter((answer) => answer !== null);
  return found.length > 0 ? Object.fromEntries(found) : null;
}
