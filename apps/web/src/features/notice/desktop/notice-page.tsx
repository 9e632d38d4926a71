import './notice-desktop.css';
import type { MessageSummary, ProjectNotice } from '@portal/contracts';
import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type NoticeTab, paths, useSessionStore } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { PagedList } from '../../../shared/ui/desktop/paged-list';
import { EmptyBlock, QueryView } from '../../../shared/ui/desktop/query-states';
import { useMessageList } from '../api/get-message-list';
import { useMessage } from '../api/get-message-notice';
import { useAllNotices, useNotice } from '../api/get-project-notice';
import { NoticeArticle } from '../components/notice-article';

const MESSAGES: NoticeTab = 'message';

function NoticeDetail({ noticeId }: { noticeId: number }) {
  return (
    <QueryView
      query={useNotice(noticeId)}
      label="正在加载公告"
      isEmpty={(notice) => notice === null}
      emptyTitle="公告不存在或已撤回"
    >
      {(notice) =>
        notice ? (
          <NoticeArticle
            title={notice.Title}
            meta={`${notice.ProjectTitle} · 发布于 ${formatDate(notice.PublishTime, 'YYYY-MM-DD HH:mm')}`}
            content={notice.Content}
            projectId={notice.ProjectId}
          />
        ) : null
      }
    </QueryView>
  );
}

/** Opening a message reads it (the server marks it read and answers the new unread count). */
function MessageDetail({ messageId }: { messageId: number }) {
  return (
    <QueryView query={useMessage(messageId)} label="正在加载消息">
      {(message) => (
        <NoticeArticle
          title={message.Title}
          meta={formatDate(message.CreateTime, 'YYYY-MM-DD HH:mm')}
          content={message.Content}
          projectId={message.ProjectId}
        />
      )}
    </QueryView>
  );
}

function NoticeItem({ notice, current }: { notice: ProjectNotice; current: boolean }) {
  return (
    <Link
      className={current ? 'notice-item is-current' : 'notice-item'}
      to={paths.notice({ NoticeId: notice.NoticeId })}
      aria-current={current ? 'true' : undefined}
    >
      <span className="notice-item__title">{notice.Title}</span>
      <span className="notice-item__meta">
        <span className="notice-item__project">{notice.ProjectTitle}</span>
        <time dateTime={notice.PublishTime}>{formatDate(notice.PublishTime, 'YYYY-MM-DD')}</time>
      </span>
    </Link>
  );
}

function MessageItem({ message, current }: { message: MessageSummary; current: boolean }) {
  const classes = ['notice-item', message.IsRead ? 'is-read' : 'is-unread'];
  if (current) classes.push('is-current');
  return (
    <Link
      className={classes.join(' ')}
      to={paths.notice({ tab: MESSAGES, MessageId: message.MessageId })}
      aria-current={current ? 'true' : undefined}
    >
      <span className="notice-item__title">
        {message.IsRead ? null : (
          <>
            <span className="notice-item__dot" aria-hidden="true" />
            <span className="visually-hidden">未读：</span>
          </>
        )}
        {message.Title}
      </span>
      <span className="notice-item__summary">{message.Summary}</span>
      <span className="notice-item__meta">
        <span />
        <time dateTime={message.CreateTime}>
          {formatDate(message.CreateTime, 'YYYY-MM-DD HH:mm')}
        </time>
      </span>
    </Link>
  );
}

function TwoPanes({ list, detail }: { list: ReactNode; detail: ReactNode }) {
  return (
    <div className="notice-panes">
      <div className="notice-panes__list">{list}</div>
      <div className="d-panel notice-panes__detail">{detail}</div>
    </div>
  );
}

function ProjectNotices({ noticeId }: { noticeId: number | undefined }) {
  return (
    <TwoPanes
      list={
        <PagedList
          query={useAllNotices()}
          label="项目公告"
          itemKey={(n) => n.NoticeId}
          renderItem={(n) => <NoticeItem notice={n} current={n.NoticeId === noticeId} />}
          emptyTitle="暂无项目公告"
        />
      }
      detail={
        noticeId ? (
          <NoticeDetail noticeId={noticeId} />
        ) : (
          <EmptyBlock title="选择左侧的一条公告查看全文" />
        )
      }
    />
  );
}

function MyMessages({ messageId }: { messageId: number | undefined }) {
  return (
    <TwoPanes
      list={
        <PagedList
          query={useMessageList(true)}
          label="我的消息"
          itemKey={(m) => m.MessageId}
          renderItem={(m) => <MessageItem message={m} current={m.MessageId === messageId} />}
          emptyTitle="暂无消息"
        />
      }
      detail={
        messageId ? (
          <MessageDetail messageId={messageId} />
        ) : (
          <EmptyBlock title="选择左侧的一条消息查看全文" />
        )
      }
    />
  );
}

/** notice (login needed): project notices and my messages, each list beside the chosen one in full. */
export default function NoticePage() {
  const [params, setParams] = useSearchParams();
  const unread = useSessionStore((s) => s.unreadNoticeCount);
  const tab: NoticeTab = params.get('tab') === MESSAGES ? MESSAGES : 'project';
  const noticeId = idParam(params.get('NoticeId'));
  const messageId = idParam(params.get('MessageId'));
  return (
    <Tabs
      className="notice-desktop"
      activeKey={tab}
      onChange={(key) => setParams(key === MESSAGES ? { tab: MESSAGES } : {})}
      destroyOnHidden
      items={[
        {
          key: 'project',
          label: '项目公告',
          children: <ProjectNotices noticeId={noticeId} />,
        },
        {
          key: MESSAGES,
          label: (
            <span>
              我的消息
              {unread > 0 ? (
                <>
                  <Badge className="notice-desktop__badge" count={unread} size="small" />
                  <span className="visually-hidden">，{unread}条未读</span>
                </>
              ) : null}
            </span>
          ),
          children: <MyMessages messageId={messageId} />,
        },
      ]}
    />
  );
}
