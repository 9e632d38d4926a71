import './mobile.css';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';

/** What a screen shows while its data loads: grey lines where the content will be. */
export function LoadingSkeleton({
  rows = 3,
  label = '正在加载',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <div className="m-skeleton" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div className="m-skeleton__card" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

/** A load that failed: the HTTP layer has already said why (§8); here the person can try again. */
export function LoadFailed({
  onRetry,
  title = '加载失败',
  description = '请检查网络后重试',
  actionText = '重试',
}: {
  onRetry: () => void;
  title?: string;
  description?: string;
  actionText?: string;
}) {
  return (
    <div className="m-state" role="alert">
      <ErrorBlock status="default" title={title} description={description} />
      <Button className="m-state__action" color="primary" fill="outline" onClick={onRetry}>
        {actionText}
      </Button>
    </div>
  );
}

/** Nothing to show yet, and where to go from here. */
export function EmptyState({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="m-state" role="status">
      <ErrorBlock status="empty" title={title} description={null} />
      {action ? <div className="m-state__action">{action}</div> : null}
    </div>
  );
}
