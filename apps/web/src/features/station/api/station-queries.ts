import { getExamine, getUserPaymentOrder, getUserProject, MAX_PAGE_SIZE } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, DRAWN_IF_ANSWERED } from '../../../platform';

/** The person's latest applications in one page (keyed under the call, so paying refreshes it). */
export function stationAppliesQueryOptions() {
  return queryOptions({
    queryKey: [getUserProject.name, { PageSize: MAX_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      callEndpoint(getUserProject, { PageIndex: 1, PageSize: MAX_PAGE_SIZE }, { signal }),
  });
}

export function stationOrdersQueryOptions() {
  return queryOptions({
    queryKey: [getUserPaymentOrder.name, { PageSize: MAX_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      callEndpoint(getUserPaymentOrder, { PageIndex: 1, PageSize: MAX_PAGE_SIZE }, { signal }),
  });
}

export const useStationApplies = () => useQuery(stationAppliesQueryOptions());
export const useStationOrders = () => useQuery(stationOrdersQueryOptions());

/**
 * A paid application's exam; silent: one not arranged yet is left off the list, not announced.
 * Kept apart from the exam screen's (which sets its clock by when its answer came): the server
 * draws this one with the page (SIGNED_IN_FOLLOW_UPS) when it can, else the browser asks.
 */
export function stationExamQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [getExamine.name, { ApplyId: applyId }, 'workbench'],
    queryFn: ({ signal }) =>
      callEndpoint(getExamine, { ApplyId: applyId }, { signal, silent: true }),
    retry: false,
    meta: DRAWN_IF_ANSWERED,
  });
}
