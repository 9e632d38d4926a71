import {
  getApply,
  getPersonalCenterNumber,
  getUserPaymentOrder,
  getUserProject,
  getUserRunProject,
  refundPaymentOrder,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { verifiedOrderQueryOptions } from './verify-payment-order';

/** What a refund changes elsewhere: the order lists, the application's flow, the numbers. */
export const REFUND_TOUCHES = [
  getUserPaymentOrder,
  getApply,
  getUserProject,
  getUserRunProject,
  getPersonalCenterNumber,
] as const;

/** ProjectPayment/RefundPaymentOrder: the server decides whether the fee may come back. */
export function useRefundPaymentOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => callEndpoint(refundPaymentOrder, { OrderId: orderId }),
    onSuccess: (order) => {
      // The order's own state is the answer (退款中 or 已退款), not a cached 已支付.
      queryClient.setQueryData(verifiedOrderQueryOptions(order.OrderId).queryKey, order);
      for (const endpoint of REFUND_TOUCHES)
        void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
    },
  });
}
