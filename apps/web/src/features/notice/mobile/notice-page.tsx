import './notice.css';
import type { MessageSummary, ProjectNotice } from '@portal/contracts';
import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { PagedList } from '../../../shared/ui/mobile/paged-list';
import { EmptyState } from '../../../shared/ui/mobile/query-states';
import { useAllNotices } from '../api/get-project-notice';
import { MESSAGES_TAB, useMyMessages, useNoticeTab } from '../use-notices';
import { Segments } from './segments';

const SEGMENTS = [
  { key: 'project', label: '项目公告' },
  { key: MESSAGES_TAB, label: '我的消息' },
] as const;

export function noticeDetailPath(notice: { NoticeId: number } | { MessageId: number }): string {
  return 'NoticeId' in notice
    ? paths.noticeDetail({ NoticeId: notice.NoticeId })
    : paths.noticeDetail({ MessageId: notice.MessageId });
}

function NoticeCard({ notice }: { notice: ProjectNotice }) {
  return (
    <Link className="notice-card" to={noticeDetailPath(notice)}>
      <h3 className="notice-card__title">
        <span>{notice.Title}</span>
      </h3>
      <p className="notice-card__meta">
        <span>{notice.ProjectTitle}</span>
        <time dateTime={notice.PublishTime}>{formatDate(notice.PublishTime, 'YYYY-MM-DD')}</time>
      </p>
    </Link>
  );
}

function MessageCard({ message }: { message: MessageSummary }) {
  return (
    <Link
      className={message.IsRead ? 'notice-card notice-card--read' : 'notice-card'}
      to={noticeDetailPath(message)}
    >
      <h3 className="notice-card__title">
        {message.IsRead ? null : (
          <>
            <span className="notice-card__dot" aria-hidden="true" />
            <span className="visually-hidden">未读</span>
          </>
        )}
        <span>{message.Title}</span>
      </h3>
      <p className="notice-card__summary">{message.Summary}</p>
      <p className="notice-card__meta">
        <span />
        <time dateTime={message.CreateTime}>
          {formatDate(message.CreateTime, 'YYYY-MM-DD HH:mm')}
        </time>
      </p>
    </Link>
  );
}

function ProjectNotices() {
  return (
    <PagedList
      query={useAllNotices()}
      label="项目公告"
      itemKey={(n) => n.NoticeId}
      renderItem={(n) => <NoticeCard notice={n} />}
      emptyTitle="暂无项目公告"
    />
  );
}

function MyMessages() {
  const { signedIn, query, signIn } = useMyMessages();
  if (!signedIn) {
    return (
      <EmptyState
        title="登录后查看我的消息"
        action={
          <Button block color="primary" onClick={signIn}>
            去登录
          </Button>
        }
      />
    );
  }
  return (
    <PagedList
      query={query}
      label="我的消息"
      itemKey={(m) => m.MessageId}
      renderItem={(m) => <MessageCard message={m} />}
      emptyTitle="暂无消息"
    />
  );
}

/** The notice tab: project notices for everyone, my messages (with unread dots) once signed in. */
export default function NoticePage() {
  const { tab: segment, setTab } = useNoticeTab();
  return (
    <div className="notice-page">
      <Segments
        label="消息分类"
        idPrefix="notice"
        segments={SEGMENTS}
        value={segment}
        onChange={setTab}
      />
      <div role="tabpanel" id={`notice-panel`} aria-labelledby={`notice-tab-${segment}`}>
        {segment === MESSAGES_TAB ? <MyMessages /> : <ProjectNotices />}
      </div>
    </div>
  );
}
