import { getHomeLableLayout } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function fetchHomeLableLayout(signal?: AbortSignal) {
  return callEndpoint(getHomeLableLayout, {}, { signal });
}

export function homeLableLayoutQueryOptions() {
  return queryOptions({
    queryKey: [getHomeLableLayout.name],
    queryFn: ({ signal }) => fetchHomeLableLayout(signal),
  });
}

/** The home page's banners and sections of projects. */
export function useHomeLableLayout() {
  return useQuery(homeLableLayoutQueryOptions());
}
