import { getProjectList, type RequestOf } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';

export type ProjectListFilter = Omit<RequestOf<typeof getProjectList>, 'PageIndex' | 'PageSize'>;
export const PROJECT_PAGE_SIZE = 10;

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
