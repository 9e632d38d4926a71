import { maskMobile } from '@portal/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.js';
import { refuse } from '../../platform/envelope.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import type { GatewayContext } from '../index.js';
import type { SmsGateway } from '../../domain/ports.js';

export interface OutboxItem {
  Mobile: string;
  Text: string;
  /** The verification code sent, if the message is one (a notification has none). */
  Code: string | null;
  SentAt: string;
}

const OUTBOX_SIZE = 10;
const OUTBOX_TTL_SECONDS = 24 * 60 * 60;
const outboxKey = (mobile: string) => `sms:outbox:${mobile}`;

/** The local SMS gateway also accepts the server's logger once the routes are registered. */
export interface LocalSmsGateway extends SmsGateway {
  useLogger(log: Pick<FastifyBaseLogger, 'warn'>): void;
}

export async function readOutbox(store: KeyValueStore, mobile: string): Promise<OutboxItem[]> {
  const stored = await store.get(outboxKey(mobile));
  return stored ? (JSON.parse(stored) as OutboxItem[]) : [];
}

/**
 * Local: the text goes to the server log (warn) and to the last messages per number in the
 * store, readable at the development outbox. A production adapter sends through a real provider.
 */
export function createSmsGateway(context: GatewayContext): LocalSmsGateway {
  let log: Pick<FastifyBaseLogger, 'warn'> = { warn: (message: string) => console.warn(message) };
  return {
    useLogger(logger) {
      log = logger;
    },
    async send(mobile, text, template) {
      log.warn(`SMS to ${maskMobile(mobile)}: ${text}`);
      const items = await readOutbox(context.store, mobile);
      items.unshift({
        Mobile: mobile,
        Text: text,
        Code: template?.name === 'verification_code' ? (template.params.code ?? null) : null,
        SentAt: new Date().toISOString(),
      });
      await context.store.set(
        outboxKey(mobile),
        JSON.stringify(items.slice(0, OUTBOX_SIZE)),
        OUTBOX_TTL_SECONDS,
      );
    },
  };
}

/** GET /gateways/sms/outbox?mobile= — development only (SMS_DEV_OUTBOX); absent otherwise. */
export async function registerSmsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const sms = deps.gateways.sms as Partial<LocalSmsGateway>;
  sms.useLogger?.(app.log);
  if (!deps.config.smsDevOutbox) return;
  app.get<{ Querystring: { mobile?: string } }>('/gateways/sms/outbox', async (request, reply) => {
    const mobile = request.query.mobile ?? '';
    if (!/^1\d{10}$/.test(mobile)) return refuse(reply, 400, '请提供11位手机号 mobile');
    return { Items: await readOutbox(deps.store, mobile) };
  });
}
