import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { paymentOrders } from '../../db/schema/index.js';
import { settlePaymentOrder } from '../../domain/payments.js';
import type { AppDeps } from '../../platform/deps.js';
import type { NotificationAnswer, PaymentNotifications } from '../types.js';

export const providerNotifyPath = (provider: string) => `/gateways/payment/${provider}/notify`;

const answer = (reply: FastifyReply, { status, contentType, body }: NotificationAnswer) =>
  reply.status(status).type(contentType).send(body);

/**
 * A real provider's notification: verified on its raw body, matched to our order and amount,
 * then settled (settlePaymentOrder is idempotent, so a repeated notification changes nothing).
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
