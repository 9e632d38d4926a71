import { getProjectPaymentOrder } from '@portal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/**
 * The application's order: created on the first ask, the same pending order on the next ones.
 * The cashier comes back to /views/payment?ApplyId= (the server's default return address).
 */
export function fetchProjectPaymentOrder(applyId: number, signal?: AbortSignal) {
  return callEndpoint(getProjectPaymentOrder, { ApplyId: applyId }, { signal });
}

export function projectPaymentOrderQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [getProjectPaymentOrder.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => fetchProjectPaymentOrder(applyId, signal),
  });
}

export function useProjectPaymentOrder(applyId: number, enabled: boolean) {
  return useQuery({
    ...projectPaymentOrderQueryOptions(applyId),
    enabled: enabled && isId(applyId),
  });
}

/** A new order after a cancelled or failed one (asking again creates it). */
export function useNewPaymentOrder(applyId: number) {
  return useMutation({ mutationFn: () => fetchProjectPaymentOrder(applyId) });
}
