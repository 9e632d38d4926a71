import { getUserApplyArchive } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

export function fetchApplyArchive(signal?: AbortSignal) {
  return callEndpoint(getUserApplyArchive, {}, { signal });
}

export function applyArchiveQueryOptions() {
  return queryOptions({
    queryKey: [getUserApplyArchive.name],
    queryFn: ({ signal }) => fetchApplyArchive(signal),
  });
}

export function useApplyArchive(enabled = true) {
  return useQuery({ ...applyArchiveQueryOptions(), enabled });
}
