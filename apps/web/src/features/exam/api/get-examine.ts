import { getExamine } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The paper of one application, without its answers; once submitted, with the score. */
export function fetchExamine(applyId: number, signal?: AbortSignal) {
  return callEndpoint(getExamine, { ApplyId: applyId }, { signal });
}

export function examineQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [getExamine.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => fetchExamine(applyId, signal),
    // Answering must never be interrupted by a background refetch replacing the paper.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useExamine(applyId: number | undefined) {
  return useQuery({ ...examineQueryOptions(applyId ?? 0), enabled: isId(applyId) });
}
