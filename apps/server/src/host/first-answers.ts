import { callsAt, FIRST_SCREEN_CALLS, type PageLayout, type ServiceId } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/** Past this the page goes out without the answer: the SPA asks for it itself. */
const FIRST_ANSWER_WAIT_MS = 300;

/**
 * The answers to a page's first public calls (FIRST_SCREEN_CALLS), asked of this very process as
 * an anonymous visitor from the same address would ask them of the service's endpoint (its host,
 * PUBLIC_URL's, decides the tenant, as for the SPA's own calls) — the same route, rate limit and
 * shared answer — so the host page can carry them. A call of a service the SPA is sent elsewhere
 * for, one not answered with 200, or one that takes too long is left out: the SPA then asks.
 */
export async function firstAnswersFor(
  app: FastifyInstance,
  config: ServerConfig,
  request: FastifyRequest,
  layout: PageLayout,
  url: URL,
): Promise<Record<string, unknown> | null> {
  const answers = await Promise.all(
    callsAt(FIRST_SCREEN_CALLS[layout], url).map(async ({ endpoint, key, pathAndQuery }) => {
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
            headers: { host: served.host },
            remoteAddress: request.ip,
          }),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), FIRST_ANSWER_WAIT_MS);
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
  const found = answers.filter((answer) => answer !== null);
  return found.length > 0 ? Object.fromEntries(found) : null;
}
