import { getMessageList, UNREAD_COUNT_QUERY } from '@portal/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { callEndpoint, useSessionStore } from '../../../platform';
import { nextPageIndex } from '../../../shared/paging';

export const MESSAGE_PAGE_SIZE = 10;

/** One page of my messages; its UnreadCount is the tab badge's number, so the store takes it. */
export async function fetchMessageList(pageIndex: number, pageSize: number, signal?: AbortSignal) {
  const page = await callEndpoint(
    getMessageList,
    { PageIndex: pageIndex, PageSize: pageSize },
    { signal },
  );
  useSessionStore.getState().setUnreadNoticeCount(page.UnreadCount);
  return page;
}

export function messageListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [getMessageList.name, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchMessageList(pageParam, MESSAGE_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageIndex,
  });
}

/** My messages, paged; only for a signed-in person (the call answers 401 otherwise). */
export function useMessageList(enabled: boolean) {
  return useInfiniteQuery({ ...messageListQueryOptions(), enabled });
}

/** The smallest page, read only for its UnreadCount. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: [getMessageList.name, 'unread'],
    queryFn: ({ signal }) =>
      fetchMessageList(UNREAD_COUNT_QUERY.PageIndex, UNREAD_COUNT_QUERY.PageSize, signal).then(
        (page) => page.UnreadCount,
      ),
  });
}

/** Keeps the tab badge's number in the session store while someone is signed in. */
export function useUnreadNoticeSync(): void {
  const token = useSessionStore((s) => s.token);
  useQuery({ ...unreadCountQueryOptions(), enabled: Boolean(token) });
}
