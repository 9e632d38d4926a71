import { getProject } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** Signed in, opening a project also records a footprint (my/myHistory). */
export function fetchProject(projectId: number, signal?: AbortSignal) {
  return callEndpoint(getProject, { ProjectId: projectId }, { signal });
}

export function projectQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [getProject.name, { ProjectId: projectId }],
    queryFn: ({ signal }) => fetchProject(projectId, signal),
  });
}

export function useProject(projectId: number) {
  return useQuery({ ...projectQueryOptions(projectId), enabled: isId(projectId) });
}
