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

/** Turned-away calls a box lets come back a second: each refusal costs it some CPU as well. */
export const COMEBACKS_PER_SECOND = 100;
/** The longest wait a turned-away call is given (WAITING_LINE_RETRY_SECONDS's own bound). */
const LONGEST_WAIT_SECONDS = 300;

/**
 * The wait to give the next turned-away call: the configured one, or longer when the crowd already
 * turned away would otherwise come back faster than COMEBACKS_PER_SECOND. Each call turned away
 * within the current wait comes back once within it, so they number the crowd; a crowd of 2,500 told
 * to come back in 1 s made 2,500 refusals a second, which took the CPU the calls let in needed.
 */
export function comebackWait(baseSeconds: number, now: () => number = Date.now): () => number {
  /** Refusals of each past second, the newest last (at most LONGEST_WAIT_SECONDS of them). */
  const past: number[] = [];
  let second = Math.floor(now() / 1000);
  let count = 0;
  let withinWait = 0;
  let wait = baseSeconds;
  return () => {
    const at = Math.floor(now() / 1000);
    if (at !== second) {
      past.push(
        count,
        ...new Array<number>(Math.max(0, Math.min(at - second - 1, LONGEST_WAIT_SECONDS))).fill(0),
      );
      past.splice(0, Math.max(0, past.length - LONGEST_WAIT_SECONDS));
      second = at;
      count = 0;
      withinWait = past.slice(-wait).reduce((sum, n) => sum + n, 0);
    }
    count += 1;
    wait = Math.min(
      LONGEST_WAIT_SECONDS,
      Math.max(baseSeconds, Math.ceil((withinWait + count) / COMEBACKS_PER_SECOND)),
    );
    return wait;
  };
}

/**
 * Past capacity a box answers new contract calls at once with 503 and `Retry-After` instead of
 * queueing them until they time out: the browser shows a waiting line and sends again. Capacity is
 * the calls in flight (each holds a database connection or waits for one) and the event loop's
 * delay. The host page, files, health and exam answering are never turned away. The wait given
 * grows with the crowd turned away (comebackWait).
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
  const nextWait = comebackWait(limits.retryAfterSeconds);
  app.addHook('onRequest', (request, reply, done) => {
    if (!sheddable(request) || reply.sent) return done();
    const pastCapacity =
      inFlight >= limits.maxInFlight ? 'inFlight' : app.isUnderPressure() ? 'eventLoop' : null;
    if (pastCapacity) {
      void reply.send(waitingLine(reply, pastCapacity, nextWait()));
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
