import './notice.css';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { NoticeArticle } from '../components/notice-article';
import { useNoticeDetail } from '../use-notices';

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
      <NoticeArticle
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
    <NoticeArticle
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
