import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../domain/errors.js';
import {
  keepUnverifiedSample,
  settleNotifiedPayment,
  type ReceivedNotification,
} from '../../domain/payments/notifications.js';
import {
  providerNotifyPath,
  type NotificationAnswer,
  type PaymentNotifications,
} from '../../domain/ports.js';
import type { AppDeps } from '../../platform/deps.js';

/** A provider's notification is a few KB; anything far larger is not one (413). */
export const NOTIFY_BODY_LIMIT_BYTES = 64 * 1024;
/** Callbacks a minute from one address: a provider's burst fits, a flood does not (429, retried). */
export const NOTIFY_CALLS_PER_ADDRESS_PER_MINUTE = 600;
/** Unverified notifications are kept only as a sample: this many an hour per provider. */
export const UNVERIFIED_SAMPLES_PER_HOUR = 100;

/** Every provider callback's options: the body cap, and a per-address limit before it is read. */
function providerCallbackOptions(deps: AppDeps): {
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
 * The payment provider's notifications (an inbound webhook): verified on the raw body by the
 * gateway, then stored and settled by the domain. If it cannot be stored, the provider is told to
 * send it again. An unverified one is anyone's to send: only a bounded sample of those is kept.
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
        const received: ReceivedNotification = {
          provider,
          headers: signatureHeadersOf(request.headers, notifications.signatureHeaders),
          body,
        };
        const receivedAt = deps.now();
        const notification = await notifications.verify({
          headers: request.headers,
          body,
          receivedAt,
        });
        if (!notification) {
          const kept = await sampled();
          if (kept) await keepUnverifiedSample(deps.db, received, receivedAt);
          request.log.warn({ provider, bytes: body.length, kept }, 'payment notification refused');
          return answer(reply, notifications.refused);
        }
        if (
          (await settleNotifiedPayment(deps.db, received, notification, receivedAt)) !== 'settled'
        ) {
          request.log.error(
            { orderNo: notification.orderNo, paid: notification.amountInFen },
            'payment notification for an unknown order or another amount',
          );
          return answer(reply, notifications.refused);
        }
        return answer(reply, notifications.accepted);
      },
    );
  });
}
