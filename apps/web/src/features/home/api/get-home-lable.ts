import { getHomeLable } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function fetchHomeLables(signal?: AbortSignal) {
  return callEndpoint(getHomeLable, {}, { signal });
}

export function homeLablesQueryOptions() {
  return queryOptions({
    queryKey: [getHomeLable.name],
    queryFn: ({ signal }) => fetchHomeLables(signal),
    staleTime: 5 * 60_000,
  });
}

export function useHomeLables() {
  return useQuery(homeLablesQueryOptions());
}
