import type { PaymentOrder } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { leaveTo } from '../../platform';
import { useNewPaymentOrder, useProjectPaymentOrder } from './api/get-project-payment-order';
import { useVerifiedOrder } from './api/verify-payment-order';
import { rememberedOrder, rememberOrder } from './remembered-order';

/** What the pay page offers for an order: pay it, check it after the cashier, or a new order. */
export type PaymentStage = 'paid' | 'returned-pending' | 'pending' | 'retry';

export function paymentStageOf(order: PaymentOrder, returned: boolean): PaymentStage {
  if (order.Status === 'Paid') return 'paid';
  if (order.Status === 'Pending') return returned ? 'returned-pending' : 'pending';
  return 'retry';
}

/**
 * Paying an application without its looks. The order is created (or the pending one read) on
 * the first visit; coming back from the cashier (an order was sent there) asks VerifyPaymentOrder,
 * so its state is the gateway's, not assumed. `pay`, `payAgain` and `verify` are no-ops while
 * anything is in flight and there is nothing to pay once paid: an order is never paid twice.
 */
export function usePayment(applyId: number | undefined, leave = leaveTo) {
  // The order sent to the cashier earlier: its state is asked of the gateway, not assumed.
  const [returnedOrderId, setReturnedOrderId] = useState(() =>
    applyId ? rememberedOrder(applyId) : undefined,
  );
  const [leaving, setLeaving] = useState(false);
  // Set at the first tap, before React re-renders the button as disabled: one tap, one payment.
  const inFlight = useRef(false);
  const verified = useVerifiedOrder(returnedOrderId);
  const created = useProjectPaymentOrder(applyId ?? 0, returnedOrderId === undefined);
  const newOrder = useNewPaymentOrder(applyId ?? 0);
  const returned = returnedOrderId !== undefined;
  const query = returned ? verified : created;

  // Back from the cashier through the browser's page cache: the page is live again, ask anew.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !applyId) return;
      inFlight.current = false;
      setLeaving(false);
      setReturnedOrderId(rememberedOrder(applyId));
      void verified.refetch();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [applyId, verified]);

  const leaveFor = (target: PaymentOrder) => {
    setLeaving(true);
    if (applyId) rememberOrder(applyId, target.OrderId);
    leave(target.PayUrl);
  };

  /** To the cashier with this order (去支付 / 重新支付 of a pending order). */
  const pay = (target: PaymentOrder) => {
    if (inFlight.current || !target.PayUrl || target.Status === 'Paid') return;
    inFlight.current = true;
    leaveFor(target);
  };

  /** A new order after a cancelled or failed one, then to the cashier. */
  const payAgain = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const fresh = await newOrder.mutateAsync();
      if (fresh.PayUrl && fresh.Status !== 'Paid') return leaveFor(fresh);
    } catch {
      // The HTTP layer has said why (§8); the button is live again for another try.
    }
    inFlight.current = false;
  };

  /** 我已支付: ask the gateway again. */
  const verify = () => void verified.refetch({ cancelRefetch: false });

  const order = query.data;
  return {
    query,
    order,
    /** Back from the cashier: the order's state came from the gateway. */
    returned,
    stage: order ? paymentStageOf(order, returned) : undefined,
    pay,
    payAgain,
    verify,
    leaving,
    verifying: verified.isFetching,
    creating: newOrder.isPending,
    /** Anything in flight: every pay button is off. */
    busy: leaving || query.isFetching || newOrder.isPending,
  };
}
