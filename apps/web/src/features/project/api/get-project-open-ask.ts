import { FLOW_QUESTION_COUNT, getProjectOpenAsk } from '@portal/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';
import { nextPageIndex } from '../../../shared/paging';

/** The first page of a project's open questions (the project page shows a few). */
export function fetchProjectOpenAsk(projectId: number, pageSize: number, signal?: AbortSignal) {
  return callEndpoint(
    getProjectOpenAsk,
    { ProjectId: projectId, PageIndex: 1, PageSize: pageSize },
    { signal },
  );
}

export function projectOpenAskQueryOptions(projectId: number, pageSize = FLOW_QUESTION_COUNT) {
  return queryOptions({
    queryKey: [getProjectOpenAsk.name, { ProjectId: projectId, PageSize: pageSize }],
    queryFn: ({ signal }) => fetchProjectOpenAsk(projectId, pageSize, signal),
  });
}

export function useProjectOpenAsk(projectId: number, pageSize = FLOW_QUESTION_COUNT) {
  return useQuery({ ...projectOpenAskQueryOptions(projectId, pageSize), enabled: isId(projectId) });
}

export const OPEN_ASK_PAGE_SIZE = 10;

/** All of a project's open (answered) questions, page by page (home/question). */
export function projectOpenAskListQueryOptions(projectId: number) {
  return infiniteQueryOptions({
    queryKey: [getProjectOpenAsk.name, 'pages', { ProjectId: projectId }],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getProjectOpenAsk,
        { ProjectId: projectId, PageIndex: pageParam, PageSize: OPEN_ASK_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

export function useProjectOpenAskList(projectId: number) {
  return useInfiniteQuery({
    ...projectOpenAskListQueryOptions(projectId),
    enabled: isId(projectId),
  });
}
