import {
  getApply,
  getPersonalCenterNumber,
  getUserPaymentOrder,
  getUserProject,
  getUserRunProject,
  verifyPaymentOrder,
} from '@portal/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../platform';

/** The order's real state, asked of the gateway (the return from the cashier, or 我已支付). */
export function fetchVerifiedOrder(orderId: number, signal?: AbortSignal) {
  return callEndpoint(verifyPaymentOrder, { OrderId: orderId }, { signal });
}

export function verifiedOrderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [verifyPaymentOrder.name, { OrderId: orderId }],
    queryFn: ({ signal }) => fetchVerifiedOrder(orderId, signal),
    // Each visit asks again: the order may have been paid elsewhere in the meantime.
    staleTime: 0,
  });
}

/**
 * Once paid, what the candidate sees elsewhere (the flow, the lists, the numbers) is read again.
 * pollMs: asked again at that pace while the order is pending (a Native QR code on screen).
 */
export function useVerifiedOrder(orderId: number | undefined, pollMs?: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...verifiedOrderQueryOptions(orderId ?? 0),
    enabled: orderId !== undefined,
    refetchInterval: (current) =>
      pollMs && (current.state.data?.Status ?? 'Pending') === 'Pending' ? pollMs : false,
  });
  const paid = query.data?.Status === 'Paid';
  useEffect(() => {
    if (!paid) return;
    for (const endpoint of [
      getApply,
      getUserProject,
      getUserRunProject,
      getUserPaymentOrder,
      getPersonalCenterNumber,
    ])
      void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
  }, [paid, queryClient]);
  return query;
}
