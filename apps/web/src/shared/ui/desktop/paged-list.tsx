import { Button } from 'antd';
import type { PagedListProps } from '../paged-list-props';
import { EmptyBlock, LoadFailed, LoadingBlock } from './query-states';

/** A paged list on a desktop: skeleton, error with retry, empty state, and 加载更多 with the count. */
export function PagedList<T>({
  query,
  itemKey,
  renderItem,
  label,
  emptyTitle,
  emptyAction,
  className = 'd-list',
}: PagedListProps<T>) {
  if (query.isPending) return <LoadingBlock label={`正在加载${label}`} />;
  if (query.isError && !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((page) => page.Items) ?? [];
  const total = query.data?.pages[0]?.Total ?? items.length;
  if (items.length === 0) return <EmptyBlock title={emptyTitle} action={emptyAction} />;
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <div className="d-list__more">
        <span className="d-list__count">
          已显示 {items.length} / 共 {total} 条
        </span>
        {query.hasNextPage ? (
          <Button
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            danger={query.isFetchNextPageError}
          >
            {query.isFetchNextPageError ? '加载失败，重试' : '加载更多'}
          </Button>
        ) : null}
      </div>
    </>
  );
}
