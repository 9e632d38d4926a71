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
  interface FastifyInstance {
    /** Why the box is past capacity now (a new sheddable call would wait in line), or null. */
    pastCapacity(): 'inFlight' | 'eventLoop' | null;
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

/** The longest wait a turned-away call is given (WAITING_LINE_RETRY_SECONDS's own bound). */
const LONGEST_WAIT_SECONDS = 300;

/** Calls of each of the last seconds, the newest last, with the running second's own. */
function perSecond(now: () => number, seconds: number) {
  const past: number[] = [];
  let second = Math.floor(now() / 1000);
  let count = 0;
  const roll = () => {
    const at = Math.floor(now() / 1000);
    if (at === second) return;
    const gap = Math.max(0, Math.min(at - second - 1, seconds));
    past.push(count, ...new Array<number>(gap).fill(0));
    past.splice(0, Math.max(0, past.length - seconds));
    second = at;
    count = 0;
  };
  return {
    add() {
      roll();
      count += 1;
    },
    /** The calls of the last `n` whole seconds and of this one so far. */
    within(n: number) {
      roll();
      return past.slice(-n).reduce((sum, c) => sum + c, count);
    },
  };
}

/**
 * The wait of a turned-away call, as a place in the line: the calls turned away within the current
 * wait (each comes back once within it, so they number the crowd), over the calls the box let in a
 * second lately — at least the configured wait, at most LONGEST_WAIT_SECONDS. The crowd then comes
 * back about as fast as the box takes calls in, and「预计 N 秒」is the line's real length: told to
 * come back in a fixed 1 s, a crowd of 2,500 came back at 2,500 a second, and answering the
 * refusals took the CPU the calls let in needed. `admitted()` is told each call let in.
 */
export function comebackWait(baseSeconds: number, now: () => number = Date.now) {
  const refused = perSecond(now, LONGEST_WAIT_SECONDS);
  const admitted = perSecond(now, ADMISSION_WINDOW_SECONDS);
  let wait = baseSeconds;
  return {
    admitted: () => admitted.add(),
    next(): number {
      refused.add();
      const served = admitted.within(ADMISSION_WINDOW_SECONDS) / ADMISSION_WINDOW_SECONDS;
      const crowd = refused.within(wait);
      wait = Math.min(
        LONGEST_WAIT_SECONDS,
        Math.max(baseSeconds, Math.ceil(crowd / Math.max(served, LEAST_INTAKE_PER_SECOND))),
      );
      return wait;
    },
  };
}
/** The calls let in a second are counted over this many seconds. */
const ADMISSION_WINDOW_SECONDS = 5;
/** What any box takes in a second, even in a stall that lets nobody in: a stall is no forecast. */
const LEAST_INTAKE_PER_SECOND = 20;

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
  const wait = comebackWait(limits.retryAfterSeconds);
  app.decorate('pastCapacity', () =>
    inFlight >= limits.maxInFlight ? 'inFlight' : app.isUnderPressure() ? 'eventLoop' : null,
  );
  app.addHook('onRequest', (request, reply, done) => {
    if (!sheddable(request) || reply.sent) return done();
    const pastCapacity = app.pastCapacity();
    if (pastCapacity) {
      void reply.send(waitingLine(reply, pastCapacity, wait.next()));
      return;
    }
    inFlight += 1;
    wait.admitted();
    // 'close' comes once the answer is sent or the caller went away, whichever first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
