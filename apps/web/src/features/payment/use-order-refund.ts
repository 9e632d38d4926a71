import { ORDER_STATUS_TEXT, type PaymentOrder } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { REFUND_TOUCHES, useRefundPaymentOrder } from './api/refund-payment-order';
import { verifiedOrderQueryOptions } from './api/verify-payment-order';

/** How often a refund under way is asked about (the provider pays back within seconds to days). */
export const REFUND_POLL_MS = 3000;

export const REFUND_CONFIRM = {
  title: '申请退款',
  text: (order: PaymentOrder) =>
    `确定申请退还“${order.ProjectTitle}”的报名费吗？退款将原路退回，报名将回到待缴费状态，需重新缴费才能打印准考证。`,
  confirm: '确认退款',
  cancel: '再想想',
} as const;

/**
 * One order's refund without its looks, for the phone's and the desktop's order lists: whether
 * the server allows it (CanRefund), a confirmation step, one request however often it is tapped,
 * and, while the refund is under way, the provider asked every few seconds (VerifyPaymentOrder)
 * until it says 已退款.
 */
export function useOrderRefund(order: PaymentOrder) {
  const queryClient = useQueryClient();
  const mutation = useRefundPaymentOrder();
  const [confirming, setConfirming] = useState(false);
  // Set at the first tap, before React re-renders the button as disabled.
  const inFlight = useRef(false);
  const requested = mutation.data?.OrderId === order.OrderId ? mutation.data : undefined;
  const refunding = (requested?.Status ?? order.Status) === 'Refunding';
  const progress = useQuery({
    ...verifiedOrderQueryOptions(order.OrderId),
    enabled: refunding,
    refetchInterval: (query) =>
      (query.state.data?.Status ?? 'Refunding') === 'Refunding' ? REFUND_POLL_MS : false,
  });
  const current = (refunding && progress.data) || requested || order;
  const done = current.Status === 'Refunded' && order.Status !== 'Refunded';
  // Once the money is back, the lists and the application are read again.
  useEffect(() => {
    if (!done) return;
    for (const endpoint of REFUND_TOUCHES)
      void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
  }, [done, queryClient]);

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await mutation.mutateAsync(order.OrderId);
      setConfirming(false);
    } catch {
      // The HTTP layer has shown why (§8); the dialog closes and the order is read again.
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: [REFUND_TOUCHES[0].name] });
    } finally {
      inFlight.current = false;
    }
  };

  return {
    /** The order as it is now (after a request, and while the refund is polled). */
    order: current,
    status: current.Status,
    statusText: ORDER_STATUS_TEXT[current.Status],
    /** Show 申请退款: the server's word, and nothing under way here. */
    canRefund: current.CanRefund && current.Status === 'Paid' && !mutation.isPending,
    confirming,
    submitting: mutation.isPending,
    /** 申请退款: opens the confirmation. */
    ask: () => setConfirming(true),
    dismiss: () => {
      if (!mutation.isPending) setConfirming(false);
    },
    /** 确认退款: sends the request once. */
    confirm,
  };
}
export type OrderRefund = ReturnType<typeof useOrderRefund>;
