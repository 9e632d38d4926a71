import './notice.css';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { sanitizeHtml } from '../../../shared/safe-html';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useNoticeDetail } from '../use-notices';

function Article({
  title,
  meta,
  content,
  projectId,
}: {
  title: string;
  meta: ReactNode;
  content: string;
  projectId: number | null;
}) {
  return (
    <article className="notice-detail">
      <h2 className="notice-detail__title">{title}</h2>
      <p className="notice-detail__meta">{meta}</p>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(content) }} />
      {projectId ? (
        <Link className="notice-detail__link" to={paths.flowManage({ ProjectId: projectId })}>
          查看项目 ›
        </Link>
      ) : null}
    </article>
  );
}

/** notice/detail: ?NoticeId= a project notice (anyone), ?MessageId= one of my messages (reading marks it read). */
export default function NoticeDetailPage() {
  const navigate = useNavigate();
  const { kind, notice, message, signIn } = useNoticeDetail();

  if (kind === 'sign-in') {
    return (
      <EmptyState
        title="登录后查看消息"
        action={
          <Button block color="primary" onClick={signIn}>
            去登录
          </Button>
        }
      />
    );
  }
  if (kind === 'none') {
    return (
      <LoadFailed
        title="没有指定消息"
        description="请从消息列表进入"
        actionText="去消息列表"
        onRetry={() => void navigate(paths.notice())}
      />
    );
  }
  const query = kind === 'notice' ? notice : message;
  if (query.isPending)
    return <LoadingSkeleton rows={2} label={kind === 'notice' ? '正在加载公告' : '正在加载消息'} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (kind === 'message' && message.data)
    return (
      <Article
        title={message.data.Title}
        meta={formatDate(message.data.CreateTime, 'YYYY-MM-DD HH:mm')}
        content={message.data.Content}
        projectId={message.data.ProjectId}
      />
    );
  if (!notice.data) {
    return (
      <LoadFailed
        title="公告不存在或已撤回"
        description=""
        actionText="查看全部公告"
        onRetry={() => void navigate(paths.notice())}
      />
    );
  }
  return (
    <Article
      title={notice.data.Title}
      meta={
        <>
          {notice.data.ProjectTitle} · {formatDate(notice.data.PublishTime, 'YYYY-MM-DD HH:mm')}
        </>
      }
      content={notice.data.Content}
      projectId={notice.data.ProjectId}
    />
  );
}
