import {
  ORDER_STATUSES,
  PAY_CHANNELS,
  PAY_PROVIDERS,
  type WeChatJsApiPay,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { applications } from './applications.js';

const time = () => timestamp({ withTimezone: true });

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: serial().primaryKey(),
    orderNo: varchar({ length: 32 }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    amountInFen: integer().notNull(),
    subject: text().notNull(),
    status: text({ enum: ORDER_STATUSES }).notNull().default('Pending'),
    payUrl: text().notNull().default(''),
    /** The provider and channel chosen for it; null: made before a choice (or before there were several). */
    provider: text({ enum: PAY_PROVIDERS }),
    channel: text({ enum: PAY_CHANNELS }),
    /** JSAPI's signed getBrandWCPayRequest arguments, or the Alipay app's tradePay orderStr. */
    payArgs: jsonb().$type<{ jsapi?: WeChatJsApiPay; orderStr?: string }>(),
    paidAt: time(),
    /** The refund's number at the provider (R + the order number's digits), once asked for. */
    refundNo: varchar({ length: 32 }),
    refundRequestedAt: time(),
    refundedAt: time(),
    createdAt: time().notNull().defaultNow(),
    updatedAt: time().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_unique').on(t.orderNo),
    // Paying twice is impossible: at most one paid and one pending order per application.
    uniqueIndex('payment_orders_one_paid_per_application')
      .on(t.applicationId)
      .where(sql`status = 'Paid'`),
    uniqueIndex('payment_orders_one_pending_per_application')
      .on(t.applicationId)
      .where(sql`status = 'Pending'`),
    index().on(t.userId),
  ],
);
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * Every notification a payment provider sends, kept as it came (the body and the headers its
 * signature needs) before anything is done with it: evidence for a dispute, and a replay source.
 */
export const providerNotifications = pgTable(
  'provider_notifications',
  {
    id: serial().primaryKey(),
    provider: varchar({ length: 32 }).notNull(),
    receivedAt: time().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    body: text().notNull(),
    verified: boolean().notNull(),
    /** The order it names, when its signature held. */
    orderNo: varchar({ length: 32 }),
  },
  (t) => [index().on(t.orderNo), index().on(t.receivedAt)],
);
export type ProviderNotificationRow = typeof providerNotifications.$inferSelect;
