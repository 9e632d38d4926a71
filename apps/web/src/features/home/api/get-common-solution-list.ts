import { getCommonSolutionList } from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';

export const SOLUTION_PAGE_SIZE = 10;

export function commonSolutionListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [getCommonSolutionList.name],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getCommonSolutionList,
        { PageIndex: pageParam, PageSize: SOLUTION_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

export function useCommonSolutionList() {
  return useInfiniteQuery(commonSolutionListQueryOptions());
}
