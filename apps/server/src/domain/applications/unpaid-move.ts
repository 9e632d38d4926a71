import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { applications, paymentOrders, type ApplicationRow } from '../../db/schema/index.js';
import { conflict, notFound } from '../errors.js';
import { closeForAnotherWay, pendingOrderOf } from '../payments/payments.js';
import type { PaymentGateways } from '../ports.js';
import { APPLY_NOT_FOUND } from './applications.js';

/**
 * A candidate's own move that must not leave a fee behind (withdrawing, 改报). Before its
 * transaction: a payment begun at a provider is closed there (as choosing another way does); paid
 * meanwhile, it is settled and the move refused with `paid`.
 */
export async function closeBegunPayment(
  db: Database,
  gateways: PaymentGateways,
  applyId: number,
  now: Date,
  paid: string,
): Promise<void> {
  const begun = await pendingOrderOf(db, applyId);
  if (begun && begun.provider !== null) {
    const closed = await closeForAnotherWay(db, gateways, begun, now);
    if (closed.status === 'Paid') throw conflict(paid);
  }
}

/**
 * In the move's transaction: the application's orders, then the application, locked — orders
 * first, as settling a payment and a refund lock them — so a payment settling, a review deciding or
 * a second tap either came before (and is seen in the row answered) or waits for this move.
 * `check` refuses from the locked row; then a paid order refuses with `paid`, a payment under way
 * at a provider with `paying`, and an order still waiting for a way (never at a provider) is
 * cancelled with the move.
 */
export async function lockUnpaid(
  tx: Database,
  applyId: number,
  now: Date,
  refuse: { check: (row: ApplicationRow) => void; paid: string; paying: string },
): Promise<ApplicationRow> {
  const orders = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.applicationId, applyId))
    .for('update');
  const [application] = await tx
    .select()
    .from(applications)
    .where(eq(applications.id, applyId))
    .for('update');
  if (!application) throw notFound(APPLY_NOT_FOUND);
  refuse.check(application);
  if (orders.some((o) => o.status === 'Paid')) throw conflict(refuse.paid);
  if (orders.some((o) => o.status === 'Pending' && o.provider !== null))
    throw conflict(refuse.paying);
  await tx
    .update(paymentOrders)
    .set({ status: 'Cancelled', updatedAt: now })
    .where(and(eq(paymentOrders.applicationId, applyId), eq(paymentOrders.status, 'Pending')));
  return application;
}
