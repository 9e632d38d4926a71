import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long a shutdown lets the requests under way finish before it closes their connections. */
export const DRAIN_LIMIT_MS = 10_000;

/**
 * How long a signalled instance goes on answering, each answer ending its connection, before it
 * stops listening. A proxy in front (nginx keeps connections open to each instance) then closes
 * its kept connections itself, after one more request each, instead of the instance closing them
 * while a request is on its way in, which nginx may not send elsewhere when it is a POST.
 */
export const CLOSING_NOTICE_MS = 1_500;

declare module 'fastify' {
  interface FastifyInstance {
    /** A signal came: from now on every answer ends its connection; resolves after the notice. */
    announceClosing(): Promise<void>;
  }
}

/**
 * When the app closes, each answer still to be given ends its connection (Connection: close): a
 * keep-alive client (nginx, a browser) then holds no idle connection open until its timeout, and
 * sends its next request to an instance that stays. Any request, the identity provider's included.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  const answering = new Set<ServerResponse>();
  // Before Fastify's own listener, which may answer at once (a 503 while it closes).
  app.server.prependListener('request', (_request, response: ServerResponse) => {
    if (closing && !response.headersSent) response.setHeader('connection', 'close');
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  const endConnectionsOfAnswers = () => {
    closing = true;
    for (const response of answering)
      if (!response.headersSent) response.setHeader('connection', 'close');
  };
  app.decorate('announceClosing', async () => {
    endConnectionsOfAnswers();
    await new Promise((resolve) => setTimeout(resolve, CLOSING_NOTICE_MS));
  });
  app.addHook('preClose', async () => endConnectionsOfAnswers());
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
