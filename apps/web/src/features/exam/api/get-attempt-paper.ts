import { getAttemptPaper, getPracticePaper } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';

/** The questions of a started attempt (or practice attempt), in its order, with its answers. */
export function attemptPaperQueryOptions(applyId: number, practice = false) {
  return queryOptions({
    queryKey: [practice ? getPracticePaper.name : getAttemptPaper.name, { ApplyId: applyId }],
    queryFn: ({ signal }) =>
      practice
        ? callEndpoint(getPracticePaper, { ApplyId: applyId }, { signal })
        : callEndpoint(getAttemptPaper, { ApplyId: applyId }, { signal }),
    // Answering must never be interrupted by a background refetch replacing the paper.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useAttemptPaper(applyId: number, enabled: boolean, practice = false) {
  return useQuery({ ...attemptPaperQueryOptions(applyId, practice), enabled });
}
