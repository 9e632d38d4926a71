import { getExamine } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The paper's facts and the candidate's attempt (no questions: those come once it is started). */
export function fetchExamine(applyId: number, signal?: AbortSignal) {
  return callEndpoint(getExamine, { ApplyId: applyId }, { signal });
}

export function examineQueryOptions(applyId: number) {
  return queryOptions({
    queryKey: [getExamine.name, { ApplyId: applyId }],
    queryFn: ({ signal }) => fetchExamine(applyId, signal),
    refetchOnWindowFocus: false,
  });
}

export function useExamine(applyId: number | undefined) {
  return useQuery({ ...examineQueryOptions(applyId ?? 0), enabled: isId(applyId) });
}
