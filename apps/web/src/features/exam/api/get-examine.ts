import { getExamine, getPractice } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/**
 * The paper's facts and the candidate's attempt (no questions: those come once it is started);
 * with `practice`, the sample paper's and the open practice attempt (issue 30, point 19).
 */
export function fetchExamine(applyId: number, practice = false, signal?: AbortSignal) {
  return practice
    ? callEndpoint(getPractice, { ApplyId: applyId }, { signal })
    : callEndpoint(getExamine, { ApplyId: applyId }, { signal });
}

export function examineQueryOptions(applyId: number, practice = false) {
  return queryOptions({
    queryKey: [practice ? getPractice.name : getExamine.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => fetchExamine(applyId, practice, signal),
    refetchOnWindowFocus: false,
  });
}

export function useExamine(applyId: number | undefined, practice = false) {
  return useQuery({ ...examineQueryOptions(applyId ?? 0, practice), enabled: isId(applyId) });
}
