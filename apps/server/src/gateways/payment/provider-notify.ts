import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { paymentOrders, providerNotifications } from '../../db/schema/index.js';
import { tooManyRequests } from '../../domain/errors.js';
import { settlePaymentOrder } from '../../domain/payments.js';
import type { AppDeps } from '../../platform/deps.js';
import type { NotificationAnswer, PaymentNotifications } from '../../domain/ports.js';

export const providerNotifyPath = (provider: string) => `/gateways/payment/${provider}/notify`;

/** A provider's notification is a few KB; anything far larger is not one (413). */
export const NOTIFY_BODY_LIMIT_BYTES = 64 * 1024;
/** Callbacks a minute from one address: a provider's burst fits, a flood does not (429, retried). */
export const NOTIFY_CALLS_PER_ADDRESS_PER_MINUTE = 600;
/** Unverified notifications are kept only as a sample: this many an hour per provider... */
export const UNVERIFIED_SAMPLES_PER_HOUR = 100;
/** ...each cut to its first characters (body, and each signature header). */
export const UNVERIFIED_SAMPLE_CHARS = 2048;

/** Every provider callback's options: the body cap, and a per-address limit before it is read. */
export function providerCallbackOptions(deps: AppDeps): {
  bodyLimit: number;
  onRequest: onRequestHookHandler;
} {
  const perAddress = deps.store.rateLimiter({
    keyPrefix: 'notify:address',
    points: NOTIFY_CALLS_PER_ADDRESS_PER_MINUTE,
    durationSeconds: 60,
  });
  return {
    bodyLimit: NOTIFY_BODY_LIMIT_BYTES,
    async onRequest(request) {
      try {
        await perAddress.consume(request.ip);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests('通知过于频繁，请稍后重试');
        throw error;
      }
    },
  };
}

const cut = (text: string) => text.slice(0, UNVERIFIED_SAMPLE_CHARS);

const answer = (reply: FastifyReply, { status, contentType, body }: NotificationAnswer) =>
  reply.status(status).type(contentType).send(body);

/** The headers a notification's signature needs, as received (one value each). */
export function signatureHeadersOf(
  headers: Record<string, string | string[] | undefined>,
  names: readonly string[],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['content-type', ...names]) {
    const value = headers[name];
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * A real provider's notification: verified on its raw body and, when verified, stored as it came
 * (body, the signature's headers) before anything is done with it; then matched to our order and
 * amount and settled (settlePaymentOrder is idempotent, so a repeat changes nothing). If it cannot
 * be stored, the provider is told to send it again. An unverified one is anyone's to send: only a
 * bounded, truncated sample of those is kept.
 */
export async function registerProviderNotifyRoute(
  app: FastifyInstance,
  deps: AppDeps,
  notifications: PaymentNotifications,
): Promise<void> {
  const { provider } = notifications;
  const unverifiedSamples = deps.store.rateLimiter({
    keyPrefix: `notify:unverified-sample:${provider}`,
    points: UNVERIFIED_SAMPLES_PER_HOUR,
    durationSeconds: 3600,
  });
  const sampled = () =>
    unverifiedSamples.consume(provider).then(
      () => true,
      (error: unknown) => {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      },
    );
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      providerNotifyPath(provider),
      providerCallbackOptions(deps),
      async (request, reply) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const notification = await notifications.verify({ headers: request.headers, body });
        const headers = signatureHeadersOf(request.headers, notifications.signatureHeaders);
        if (!notification) {
          const kept = await sampled();
          if (kept)
            await deps.db.insert(providerNotifications).values({
              provider,
              receivedAt: deps.now(),
              headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, cut(v)])),
              body: cut(body),
              verified: false,
              orderNo: null,
            });
          request.log.warn({ provider, bytes: body.length, kept }, 'payment notification refused');
          return answer(reply, notifications.refused);
        }
        await deps.db.insert(providerNotifications).values({
          provider,
          receivedAt: deps.now(),
          headers,
          body,
          verified: true,
          orderNo: notification.orderNo.slice(0, 32),
        });
        const [order] = await deps.db
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.orderNo, notification.orderNo));
        if (!order || order.amountInFen !== notification.amountInFen) {
          request.log.error(
            { orderNo: notification.orderNo, paid: notification.amountInFen },
            'payment notification for an unknown order or another amount',
          );
          return answer(reply, notifications.refused);
        }
        await settlePaymentOrder(deps.db, order.orderNo, notification.state, deps.now());
        return answer(reply, notifications.accepted);
      },
    );
  });
}
