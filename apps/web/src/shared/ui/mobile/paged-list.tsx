import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { PagedListProps } from '../paged-list-props';
import { EmptyState, LoadFailed, LoadingSkeleton } from './query-states';

/** A paged list on a phone: skeleton, error with retry, empty state, pull to refresh, infinite scroll. */
export function PagedList<T>({
  query,
  itemKey,
  renderItem,
  label,
  emptyTitle,
  emptyAction,
}: PagedListProps<T>) {
  if (query.isPending) return <LoadingSkeleton />;
  if (query.isError && !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.Items) ?? [];
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
    >
      {items.length === 0 ? (
        <EmptyState title={emptyTitle} action={emptyAction} />
      ) : (
        <ul className="m-list" aria-label={label}>
          {items.map((item) => (
            <li className="m-list__item" key={itemKey(item)}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 ? (
        <InfiniteScroll
          hasMore={query.hasNextPage}
          loadMore={async () => {
            await query.fetchNextPage({ throwOnError: true });
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="m-link-button" onClick={() => void retry()}>
                加载失败，点击重试
              </button>
            ) : hasMore ? (
              '加载中…'
            ) : (
              '没有更多了'
            )
          }
        </InfiniteScroll>
      ) : null}
    </PullToRefresh>
  );
}
