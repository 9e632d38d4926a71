import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { paymentOrders, providerNotifications } from '../../db/schema/index.js';
import { settlePaymentOrder } from '../../domain/payments.js';
import type { AppDeps } from '../../platform/deps.js';
import type { NotificationAnswer, PaymentNotifications } from '../../domain/ports.js';

export const providerNotifyPath = (provider: string) => `/gateways/payment/${provider}/notify`;

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
 * A real provider's notification: verified on its raw body and stored as it came (body, the
 * signature's headers, verified or not) before anything is done with it; then matched to our
 * order and amount and settled (settlePaymentOrder is idempotent, so a repeat changes nothing).
 * If it cannot be stored, the provider is told to send it again.
 */
export async function registerProviderNotifyRoute(
  app: FastifyInstance,
  deps: AppDeps,
  notifications: PaymentNotifications,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(providerNotifyPath(notifications.provider), async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const notification = await notifications.verify({ headers: request.headers, body });
      await deps.db.insert(providerNotifications).values({
        provider: notifications.provider,
        receivedAt: deps.now(),
        headers: signatureHeadersOf(request.headers, notifications.signatureHeaders),
        body,
        verified: notification !== null,
        orderNo: notification?.orderNo.slice(0, 32) ?? null,
      });
      if (!notification) {
        request.log.warn({ provider: notifications.provider }, 'payment notification refused');
        return answer(reply, notifications.refused);
      }
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
    });
  });
}
