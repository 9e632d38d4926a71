import { getAttemptPaper } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

/** The questions of a started attempt, in its order, with the answers the server holds. */
export function attemptPaperQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [getAttemptPaper.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => callEndpoint(getAttemptPaper, { ApplyId: applyId }, { signal }),
    // Answering must never be interrupted by a background refetch replacing the paper.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useAttemptPaper(applyId: number, enabled: boolean) {
  return useQuery({ ...attemptPaperQueryOptions(applyId), enabled });
}
