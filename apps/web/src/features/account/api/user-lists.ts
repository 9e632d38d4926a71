import {
  DEFAULT_PAGE_SIZE,
  getUserBrowseProject,
  getUserCollectProject,
  getUserPaymentOrder,
  getUserProject,
  getUserRunProject,
  type RequestOf,
} from '@portal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';

/** The personal centre's paged lists: one infinite query per call, keyed by the call's name. */
function pagedOptions<
  E extends
    | typeof getUserProject
    | typeof getUserRunProject
    | typeof getUserBrowseProject
    | typeof getUserCollectProject
    | typeof getUserPaymentOrder,
>(endpoint: E) {
  return infiniteQueryOptions({
    queryKey: [endpoint.name],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        endpoint,
        // Every one of these calls takes the page query (getUserProject also an optional Status).
        { PageIndex: pageParam, PageSize: DEFAULT_PAGE_SIZE } as RequestOf<E>,
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

export const myProjectsQueryOptions = () => pagedOptions(getUserProject);
export const myRunProjectsQueryOptions = () => pagedOptions(getUserRunProject);
export const myHistoryQueryOptions = () => pagedOptions(getUserBrowseProject);
export const myLikesQueryOptions = () => pagedOptions(getUserCollectProject);
export const myOrdersQueryOptions = () => pagedOptions(getUserPaymentOrder);

export const useMyProjects = () => useInfiniteQuery(myProjectsQueryOptions());
export const useMyRunProjects = () => useInfiniteQuery(myRunProjectsQueryOptions());
export const useMyHistory = () => useInfiniteQuery(myHistoryQueryOptions());
export const useMyLikes = () => useInfiniteQuery(myLikesQueryOptions());
export const useMyOrders = () => useInfiniteQuery(myOrdersQueryOptions());
