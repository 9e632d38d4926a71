import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, type Envelope } from '@portal/contracts';
import { badRequest, conflict } from '../domain/errors.js';
import type { KeyValueStore } from '../platform/kv-store.js';

/** How long a key's first answer is remembered. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A call still running holds its key this long at most (a crash must not hold it for a day). */
const IN_FLIGHT_SECONDS = 60;

export interface IdempotentCall {
  /** The first answer to this key, when the call was done before. */
  earlier: Envelope<unknown> | null;
  remember(answer: Envelope<unknown>): Promise<void>;
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
  if (stored) return { earlier: JSON.parse(stored) as Envelope<unknown>, ...noop };
  if ((await store.increment(`${key}:running`, IN_FLIGHT_SECONDS)) > 1)
    throw conflict('该请求正在处理，请稍候，勿重复提交');
  return {
    earlier: null,
    remember: (answer) =>
      store.set(`${key}:answer`, JSON.stringify(answer), IDEMPOTENCY_TTL_SECONDS),
    release: () => store.delete(`${key}:running`),
  };
}

const noop = { remember: async () => undefined, release: async () => undefined };
