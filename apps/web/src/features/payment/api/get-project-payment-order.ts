import {
  getProjectPaymentOrder,
  type DeviceType,
  type PayProvider,
  type PlatformCode,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** Where the page runs: the server picks the channel by it (issue 27). */
export interface PayPlace {
  Platform: PlatformCode;
  Device: DeviceType;
}

/**
 * The application's order: created on the first ask, the same pending order on the next ones.
 * The cashier comes back to /views/payment?ApplyId= (the server's default return address).
 * With Provider, the order is made (or kept) for that provider, through the channel for here.
 */
export function fetchProjectPaymentOrder(
  applyId: number,
  place: PayPlace,
  provider?: PayProvider,
  signal?: AbortSignal,
) {
  return callEndpoint(
    getProjectPaymentOrder,
    { ApplyId: applyId, ...place, ...(provider ? { Provider: provider } : {}) },
    { signal },
  );
}

export function projectPaymentOrderQueryOptions(applyId: number, place: PayPlace) {
  return queryOptions({
    queryKey: [getProjectPaymentOrder.name, { ApplyId: applyId, ...place }],
    queryFn: ({ signal }) => fetchProjectPaymentOrder(applyId, place, undefined, signal),
  });
}

export function useProjectPaymentOrder(applyId: number, place: PayPlace, enabled: boolean) {
  return useQuery({
    ...projectPaymentOrderQueryOptions(applyId, place),
    enabled: enabled && isId(applyId),
  });
}

/** The candidate's choice of provider: the order for it (a new one after a cancelled or failed one). */
export function usePayWith(applyId: number, place: PayPlace) {
  return useMutation({
    mutationFn: (provider: PayProvider) => fetchProjectPaymentOrder(applyId, place, provider),
  });
}
