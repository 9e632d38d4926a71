import {
  getProjectList,
  PROJECT_PAGE_SIZE,
  type ProjectListFilter,
  type RequestOf,
} from '@portal/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';

export function fetchProjectList(input: RequestOf<typeof getProjectList>, signal?: AbortSignal) {
  return callEndpoint(getProjectList, input, { signal });
}

export function projectListQueryOptions(filter: ProjectListFilter) {
  return infiniteQueryOptions({
    queryKey: [getProjectList.name, filter],
    queryFn: ({ pageParam, signal }) =>
      fetchProjectList({ ...filter, PageIndex: pageParam, PageSize: PROJECT_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

export function useProjectList(filter: ProjectListFilter) {
  return useInfiniteQuery(projectListQueryOptions(filter));
}

/** One numbered page of the list (the desktop's pagination); the last page stays while the next loads. */
export function useProjectPage(filter: ProjectListFilter, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: [getProjectList.name, filter, { PageIndex: pageIndex, PageSize: pageSize }],
    queryFn: ({ signal }) =>
      fetchProjectList({ ...filter, PageIndex: pageIndex, PageSize: pageSize }, signal),
    placeholderData: keepPreviousData,
  });
}
