import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long a shutdown lets the requests under way finish before it closes their connections. */
export const DRAIN_LIMIT_MS = 10_000;

/**
 * When the app closes, each answer still to be given ends its connection (Connection: close): a
 * keep-alive client (nginx, a browser) then holds no idle connection open until its timeout, and
 * sends its next request to an instance that stays. Any request, the identity provider's included.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  const answering = new Set<ServerResponse>();
  app.server.on('request', (_request, response: ServerResponse) => {
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  app.addHook('preClose', async () => {
    for (const response of answering)
      if (!response.headersSent) response.setHeader('connection', 'close');
  });
}

/**
 * Fastify's close with a limit: it stops listening, waits for the requests under way (at most
 * DRAIN_LIMIT_MS, then their connections are closed) and runs the onClose hooks (the jobs').
 */
export async function closeApp(app: FastifyInstance): Promise<void> {
  const cut = setTimeout(() => {
    app.log.warn(
      { limitMs: DRAIN_LIMIT_MS },
      'shutdown: requests still under way after the limit; closing their connections',
    );
    app.server.closeAllConnections();
  }, DRAIN_LIMIT_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
