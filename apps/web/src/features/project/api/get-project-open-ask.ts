import { getProjectOpenAsk } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The first page of a project's open questions (the project page shows a few). */
export function fetchProjectOpenAsk(projectId: number, pageSize: number, signal?: AbortSignal) {
  return callEndpoint(
    getProjectOpenAsk,
    { ProjectId: projectId, PageIndex: 1, PageSize: pageSize },
    { signal },
  );
}

export function projectOpenAskQueryOptions(projectId: number, pageSize = 3) {
  return queryOptions({
    queryKey: [getProjectOpenAsk.name, { ProjectId: projectId, PageSize: pageSize }],
    queryFn: ({ signal }) => fetchProjectOpenAsk(projectId, pageSize, signal),
  });
}

export function useProjectOpenAsk(projectId: number, pageSize = 3) {
  return useQuery({ ...projectOpenAskQueryOptions(projectId, pageSize), enabled: isId(projectId) });
}
