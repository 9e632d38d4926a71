import { getProjectNotice } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';

/** The first page of one project's notices, newest first. */
export function fetchProjectNotices(projectId: number, pageSize: number, signal?: AbortSignal) {
  return callEndpoint(
    getProjectNotice,
    { ProjectId: projectId, PageIndex: 1, PageSize: pageSize },
    { signal },
  );
}

export function projectNoticesQueryOptions(projectId: number, pageSize = 5) {
  return queryOptions({
    queryKey: [getProjectNotice.name, { ProjectId: projectId, PageSize: pageSize }],
    queryFn: ({ signal }) => fetchProjectNotices(projectId, pageSize, signal),
  });
}

export function useProjectNotices(projectId: number, pageSize = 5) {
  return useQuery({ ...projectNoticesQueryOptions(projectId, pageSize), enabled: isId(projectId) });
}
