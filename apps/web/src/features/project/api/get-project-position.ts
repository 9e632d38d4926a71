import { getProjectPosition } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

export function fetchProjectPositions(projectId: number, signal?: AbortSignal) {
  return callEndpoint(getProjectPosition, { ProjectId: projectId }, { signal });
}

export function projectPositionsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [getProjectPosition.name, { ProjectId: projectId }],
    queryFn: ({ signal }) => fetchProjectPositions(projectId, signal),
  });
}

export function useProjectPositions(projectId: number) {
  return useQuery({ ...projectPositionsQueryOptions(projectId), enabled: isId(projectId) });
}
