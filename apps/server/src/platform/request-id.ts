import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';

/** An id sent by a proxy or caller is kept only when it is this plain: it goes into logs and headers. */
const SENT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** The field a log line names its request with (Fastify's default requestIdLogLabel). */
export const REQUEST_ID_LOG_LABEL = 'reqId';

/** Fastify's genReqId: the X-Request-Id a proxy sent (nginx's $request_id), else a new one. */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SENT_ID_PATTERN.test(sent) ? sent : randomUUID();
}

/** A fresh id, for an answer given before a request exists (the HTTP parser's refusals). */
export const newRequestId = (): string => randomUUID();

const currentRequest = new AsyncLocalStorage<string>();

/**
 * Every answer names its request in X-Request-Id (on the raw response, so the identity provider's
 * answers, written by Koa, carry it too), and whatever the request runs knows its id: a line
 * logged through app.log during a request (the identity provider's errors, say) names it as the
 * request's own logger does.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    // Everything after runs in this scope; Fastify carries it over the body's reading itself.
    currentRequest.run(request.id, done);
  });
}

/**
 * pino's mixin: the request id on a line logged during a request through a logger that does not
 * name it already (app.log; request.log has it bound).
 */
export function requestIdMixin(
  _line: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Record<string, string> {
  const id = currentRequest.getStore();
  return id === undefined || REQUEST_ID_LOG_LABEL in logger.bindings()
    ? {}
    : { [REQUEST_ID_LOG_LABEL]: id };
}
