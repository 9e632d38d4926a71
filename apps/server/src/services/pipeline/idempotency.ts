import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, type Endpoint } from '@portal/contracts';
import type { onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { badRequest, conflict } from '../../domain/errors.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import { parsedInputOf } from './request-input.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A POST sent with an Idempotency-Key: its claim on the key, settled when it is answered. */
    idempotentCall: IdempotentCall | null;
  }
}

/** How long a key's first answer is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A call still running holds its key this long at most (a crash must not hold it for a day). */
const IN_FLIGHT_SECONDS = 60;

export interface IdempotentCall {
  /** The first answer to this key (the envelope's text), when the call was done before. */
  earlier: string | null;
  remember(answerText: string): Promise<void>;
  release(): Promise<void>;
}

/**
 * The key is the caller's (user, or address when anonymous) and the call's own (endpoint and
 * input), so one key cannot replay another's answer, nor another call's.
 */
export async function claimIdempotencyKey(
  store: KeyValueStore,
  header: string | string[] | undefined,
  scope: { endpoint: string; caller: string; input: unknown },
): Promise<IdempotentCall | null> {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw badRequest('请求标识（Idempotency-Key）格式不正确，请刷新页面后重试');
  const input = createHash('sha256').update(JSON.stringify(scope.input)).digest('base64url');
  const key = `idempotency:${scope.endpoint}:${scope.caller}:${header}:${input}`;
  const stored = await store.get(`${key}:answer`);
  if (stored) return { earlier: stored, ...noop };
  if ((await store.increment(`${key}:running`, IN_FLIGHT_SECONDS)) > 1)
    throw conflict('该请求正在处理，请稍候，勿重复提交');
  return {
    earlier: null,
    remember: (answerText) => store.set(`${key}:answer`, answerText, IDEMPOTENCY_TTL_SECONDS),
    release: () => store.delete(`${key}:running`),
  };
}

const noop = { remember: async () => undefined, release: async () => undefined };

/** After the input is parsed: a repeat is answered with the first answer; a new call claims its key. */
export function claimIdempotency(endpoint: Endpoint, store: KeyValueStore): preHandlerHookHandler {
  return async (request, reply) => {
    if (endpoint.method !== 'POST' || endpoint.body !== 'json') return;
    const claim = await claimIdempotencyKey(store, request.headers['idempotency-key'], {
      endpoint: endpoint.name,
      caller: request.caller ? `user:${request.caller.userId}` : `address:${request.ip}`,
      input: parsedInputOf(request, endpoint),
    });
    if (claim?.earlier) return reply.type('application/json; charset=utf-8').send(claim.earlier);
    request.idempotentCall = claim;
  };
}

/** Whatever the answer, the key is released; a success is remembered for the repeats. */
export const settleIdempotency: onSendHookHandler = async (request, reply, payload) => {
  const claim = request.idempotentCall;
  if (!claim) return payload;
  request.idempotentCall = null;
  try {
    if (reply.statusCode === 200 && typeof payload === 'string') await claim.remember(payload);
  } finally {
    await claim.release();
  }
  return payload;
};
