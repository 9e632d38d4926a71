import { getExamine, getPractice } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/**
 * The paper's facts and the candidate's attempt (no questions: those come once it is started);
 * with `practice`, the sample paper's and the open practice attempt (issue 30, point 19). Always
 * asked afresh: its ServerTime sets the exam's clock by when it arrives, so an answer the host page
 * carried (the desktop workbench's, drawn by the server) is never taken for it.
 */
export function fetchExamine(applyId: number, practice = false, signal?: AbortSignal) {
  return practice
    ? callEndpoint(getPractice, { ApplyId: applyId }, { signal, fresh: true })
    : callEndpoint(getExamine, { ApplyId: applyId }, { signal, fresh: true });
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
