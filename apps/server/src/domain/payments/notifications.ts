import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { paymentOrders, providerNotifications } from '../../db/schema/index.js';
import type { PaymentNotification } from '../ports.js';
import { settlePaymentOrder } from './payments.js';

/** A notification as it reached us: its raw body and the headers its signature covers. */
export interface ReceivedNotification {
  provider: string;
  headers: Record<string, string>;
  body: string;
}

/** Unverified notifications are anyone's to send: a sample is kept, cut to this many characters. */
export const UNVERIFIED_SAMPLE_CHARS = 2048;

const cut = (text: string) => text.slice(0, UNVERIFIED_SAMPLE_CHARS);

/** Keeps a truncated sample of a notification whose signature failed. */
export async function keepUnverifiedSample(
  db: Database,
  { provider, headers, body }: ReceivedNotification,
  receivedAt: Date,
): Promise<void> {
  await db.insert(providerNotifications).values({
    provider,
    receivedAt,
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, cut(value)])),
    body: cut(body),
    verified: false,
    orderNo: null,
  });
}

/**
 * A verified notification: stored as it came before anything is done with it, then matched to our
 * order and its amount and settled (settlePaymentOrder is idempotent, so a repeat changes nothing).
 * 'mismatch' when no order of ours has that number and amount.
 */
export async function settleNotifiedPayment(
  db: Database,
  received: ReceivedNotification,
  notification: PaymentNotification,
  receivedAt: Date,
): Promise<'settled' | 'mismatch'> {
  await db.insert(providerNotifications).values({
    ...received,
    receivedAt,
    verified: true,
    orderNo: notification.orderNo.slice(0, 32),
  });
  const [order] = await db
    .select({ orderNo: paymentOrders.orderNo, amountInFen: paymentOrders.amountInFen })
    .from(paymentOrders)
    .where(eq(paymentOrders.orderNo, notification.orderNo));
  if (!order || order.amountInFen !== notification.amountInFen) return 'mismatch';
  await settlePaymentOrder(db, order.orderNo, notification.state, receivedAt);
  return 'settled';
}
