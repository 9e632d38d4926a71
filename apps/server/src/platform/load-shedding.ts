import underPressure from '@fastify/under-pressure';
import { ERROR_CODES, WAITING_LINE_MESSAGE, type WaitingLine } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoadLimits } from '../config.js';
import { refusal } from './envelope.js';
import { requestsTurnedAway } from './metrics.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A contract call that waits in line when the box is past capacity (exam answering never does). */
    sheddable?: boolean;
  }
}

const sheddable = (request: FastifyRequest) => request.routeOptions.config.sheddable === true;

/** Readies `reply` as a place in the waiting line and gives the envelope to send. */
export function waitingLine(reply: FastifyReply, reason: string, retryAfterSeconds: number) {
  requestsTurnedAway.inc({ reason });
  const line: WaitingLine = { RetryAfterSeconds: retryAfterSeconds };
  reply.status(ERROR_CODES.SERVICE_UNAVAILABLE).header('Retry-After', String(retryAfterSeconds));
  return refusal(ERROR_CODES.SERVICE_UNAVAILABLE, WAITING_LINE_MESSAGE, line, reply.request.id);
}

/**
 * Past capacity a box answers new contract calls at once with 503 and `Retry-After` instead of
 * queueing them until they time out: the browser shows a waiting line and sends again. Capacity is
 * the calls in flight (each holds a database connection or waits for one) and the event loop's
 * delay. The host page, files, health and exam answering are never turned away.
 */
export async function shedLoadPastCapacity(
  app: FastifyInstance,
  limits: LoadLimits,
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    // It measures; the hook below decides, and only for contract calls.
    pressureHandler: () => undefined,
  });
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!sheddable(request) || reply.sent) return done();
    const pastCapacity =
      inFlight >= limits.maxInFlight ? 'inFlight' : app.isUnderPressure() ? 'eventLoop' : null;
    if (pastCapacity) {
      void reply.send(waitingLine(reply, pastCapacity, limits.retryAfterSeconds));
      return;
    }
    inFlight += 1;
    // 'close' comes once the answer is sent or the caller went away, whichever first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
