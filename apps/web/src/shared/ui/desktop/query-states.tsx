import { Button, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** What a desktop screen shows while its data loads: grey lines where the content will be. */
export function LoadingBlock({ rows = 4, label = '正在加载' }: { rows?: number; label?: string }) {
  return (
    <div className="d-state d-state--loading" role="status" aria-busy="true" aria-label={label}>
      <Skeleton active title paragraph={{ rows }} />
    </div>
  );
}

/** A load that failed: the HTTP layer has already said why (§8); here the person can try again. */
export function LoadFailed({
  onRetry,
  title = '加载失败',
  description = '请检查网络后重试',
  actionText = '重新加载',
}: {
  onRetry: () => void;
  title?: string;
  description?: string;
  actionText?: string;
}) {
  return (
    <div className="d-state" role="alert">
      <Result
        status="warning"
        title={title}
        subTitle={description}
        extra={<Button onClick={onRetry}>{actionText}</Button>}
      />
    </div>
  );
}

/** Nothing to show yet, and where to go from here. */
export function EmptyBlock({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="d-state" role="status">
      <Empty description={title}>{action}</Empty>
    </div>
  );
}

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * One query's three states and its content: a skeleton while it loads, the error with a retry,
 * the empty state when `isEmpty` says so, else `children` with the data.
 */
export function QueryView<T>({
  query,
  label,
  rows,
  isEmpty,
  emptyTitle = '暂无内容',
  emptyAction,
  children,
}: {
  query: QueryLike<T>;
  label?: string;
  rows?: number;
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  emptyAction?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock rows={rows} label={label} />;
  if (query.isError || query.data === undefined)
    return <LoadFailed onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyBlock title={emptyTitle} action={emptyAction} />;
  return <>{children(query.data)}</>;
}
