import './notice.css';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, sendToSignIn, useSessionStore } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { EmptyState, LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useMessage } from '../api/get-message-notice';
import { useNotice } from '../api/get-project-notice';
import { NoticeArticle } from '../components/notice-article';

function ProjectNoticeDetail({ noticeId }: { noticeId: number }) {
  const query = useNotice(noticeId);
  const navigate = useNavigate();
  if (query.isPending) return <LoadingSkeleton rows={2} label="正在加载公告" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const notice = query.data;
  if (!notice) {
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
      title={notice.Title}
      meta={
        <>
          {notice.ProjectTitle} · {formatDate(notice.PublishTime, 'YYYY-MM-DD HH:mm')}
        </>
      }
      content={notice.Content}
      projectId={notice.ProjectId}
    />
  );
}

function MessageDetail({ messageId }: { messageId: number }) {
  const query = useMessage(messageId);
  if (query.isPending) return <LoadingSkeleton rows={2} label="正在加载消息" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const message = query.data;
  return (
    <NoticeArticle
      title={message.Title}
      meta={formatDate(message.CreateTime, 'YYYY-MM-DD HH:mm')}
      content={message.Content}
      projectId={message.ProjectId}
    />
  );
}

/** notice/detail: ?NoticeId= a project notice (anyone), ?MessageId= one of my messages (reading marks it read). */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const navigate = useNavigate();
  const noticeId = idParam(params.get('NoticeId'));
  const messageId = idParam(params.get('MessageId'));

  if (noticeId) return <ProjectNoticeDetail noticeId={noticeId} />;
  if (messageId && !signedIn) {
    return (
      <EmptyState
        title="登录后查看消息"
        action={
          <Button block color="primary" onClick={() => sendToSignIn()}>
            去登录
          </Button>
        }
      />
    );
  }
  if (messageId) return <MessageDetail messageId={messageId} />;
  return (
    <LoadFailed
      title="没有指定消息"
      description="请从消息列表进入"
      actionText="去消息列表"
      onRetry={() => void navigate(paths.notice())}
    />
  );
}
