import { FLOW_NOTICE_COUNT, getProjectNotice } from '@portal/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { isId } from '../../../shared/id';
import { nextPageIndex } from '../../../shared/paging';

export const NOTICE_PAGE_SIZE = 10;

/** The first page of one project's notices, newest first. */
export function fetchProjectNotices(projectId: number, pageSize: number, signal?: AbortSignal) {
  return callEndpoint(
    getProjectNotice,
    { ProjectId: projectId, PageIndex: 1, PageSize: pageSize },
    { signal },
  );
}

export function projectNoticesQueryOptions(projectId: number, pageSize = FLOW_NOTICE_COUNT) {
  return queryOptions({
    queryKey: [getProjectNotice.name, { ProjectId: projectId, PageSize: pageSize }],
    queryFn: ({ signal }) => fetchProjectNotices(projectId, pageSize, signal),
  });
}

export function useProjectNotices(projectId: number, pageSize = FLOW_NOTICE_COUNT) {
  return useQuery({ ...projectNoticesQueryOptions(projectId, pageSize), enabled: isId(projectId) });
}

/** Every published project notice, newest first, page by page (the notice tab). */
export function allNoticesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [getProjectNotice.name, 'all'],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getProjectNotice,
        { PageIndex: pageParam, PageSize: NOTICE_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

export function useAllNotices() {
  return useInfiniteQuery(allNoticesQueryOptions());
}

/** One notice by its id; null when the server has none of that id. */
export function noticeQueryOptions(noticeId: number) {
  return queryOptions({
    queryKey: [getProjectNotice.name, { NoticeId: noticeId }],
    queryFn: ({ signal }) =>
      callEndpoint(
        getProjectNotice,
        { NoticeId: noticeId, PageIndex: 1, PageSize: 1 },
        { signal },
      ).then((page) => page.Items[0] ?? null),
  });
}

export function useNotice(noticeId: number) {
  return useQuery({ ...noticeQueryOptions(noticeId), enabled: isId(noticeId) });
}
