import { getApply } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The candidate's place in a project's flow (signed in only). */
export function fetchFlow(projectId: number, signal?: AbortSignal) {
  return callEndpoint(getApply, { ProjectId: projectId }, { signal });
}

export function flowQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [getApply.name, { ProjectId: projectId }],
    queryFn: ({ signal }) => fetchFlow(projectId, signal),
  });
}

export function useFlow(projectId: number, signedIn: boolean) {
  return useQuery({ ...flowQueryOptions(projectId), enabled: signedIn && isId(projectId) });
}
