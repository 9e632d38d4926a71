import { getEquityBuy } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function equityPackagesQueryOptions() {
  return queryOptions({
    queryKey: [getEquityBuy.name],
    queryFn: ({ signal }) => callEndpoint(getEquityBuy, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The platform's equity packages an organisation can buy. */
export function useEquityPackages() {
  return useQuery(equityPackagesQueryOptions());
}
