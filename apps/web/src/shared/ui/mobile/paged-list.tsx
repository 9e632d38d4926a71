import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { memo, type ReactNode } from 'react';
import type { PagedListProps } from '../paged-list-props';
import { EmptyState, LoadFailed, LoadingSkeleton } from './query-states';

interface PageItemsProps<T> {
  items: T[];
  itemKey: PagedListProps<T>['itemKey'];
  renderItem: PagedListProps<T>['renderItem'];
}

/**
 * One page's items, drawn again only when that page's data changes: TanStack Query keeps an
 * unchanged page's array as it was, so a page arriving costs the same at item 250 as at item 10.
 * A list's renderItem must therefore draw from the item (and what the query's key holds) alone.
 */
const PageItems = memo(
  function PageItems<T>({ items, itemKey, renderItem }: PageItemsProps<T>) {
    return items.map((item) => (
      <li className="m-list__item" key={itemKey(item)}>
        {renderItem(item)}
      </li>
    ));
  },
  (before, after) => before.items === after.items,
) as <T>(props: PageItemsProps<T>) => ReactNode;

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
  const pages = query.data?.pages ?? [];
  const count = pages.reduce((sum, page) => sum + page.Items.length, 0);
  return (
    <PullToRefresh
      onRefresh={async () => {
        await query.refetch();
      }}
    >
      {count === 0 ? (
        <EmptyState title={emptyTitle} action={emptyAction} />
      ) : (
        <ul className="m-list" aria-label={label}>
          {pages.map((page, index) => (
            // A page keeps its place: pages are only appended, or all refetched in order.
            <PageItems key={index} items={page.Items} itemKey={itemKey} renderItem={renderItem} />
          ))}
        </ul>
      )}
      {count > 0 ? (
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
