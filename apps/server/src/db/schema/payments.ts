import { ORDER_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
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
    paidAt: time(),
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
