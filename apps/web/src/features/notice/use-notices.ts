import { useSearchParams } from 'react-router';
import { type NoticeTab, paths, sendToSignIn, useSessionStore } from '../../platform';
import { idParam } from '../../shared/id';
import { useMessageList, useUnreadNoticeSync } from './api/get-message-list';
import { useMessage } from './api/get-message-notice';
import { useNotice } from './api/get-project-notice';

export const MESSAGES_TAB: NoticeTab = 'message';

/** The notice page's tab (项目公告 / 我的消息), kept in the address so a detail's back returns to it. */
export function useNoticeTab() {
  const [params, setParams] = useSearchParams();
  const tab: NoticeTab = params.get('tab') === MESSAGES_TAB ? MESSAGES_TAB : 'project';
  const setTab = (next: NoticeTab) =>
    setParams(next === 'project' ? {} : { tab: next }, { replace: true });
  return { tab, setTab };
}

/** My messages (paged, with read marks) for a signed-in person; a visitor is asked to sign in. */
export function useMyMessages() {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const query = useMessageList(signedIn);
  return {
    signedIn,
    query,
    signIn: () => sendToSignIn(paths.notice({ tab: MESSAGES_TAB })),
  };
}

/**
 * The unread count for a badge: kept in the session store while someone is signed in (each
 * message list page and each message read brings the server's number), 0 otherwise.
 */
export function useUnreadCount(): number {
  useUnreadNoticeSync();
  return useSessionStore((s) => (s.token ? s.unreadNoticeCount : 0));
}

/**
 * notice/detail's subject from the address: ?NoticeId= a project notice (anyone), ?MessageId= one
 * of my messages (reading it marks it read and lowers the unread count).
 */
export function useNoticeDetail() {
  const [params] = useSearchParams();
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const noticeId = idParam(params.get('NoticeId'));
  const messageId = idParam(params.get('MessageId'));
  const notice = useNotice(noticeId ?? 0);
  const message = useMessage(signedIn && !noticeId ? (messageId ?? 0) : 0);
  const kind = noticeId
    ? ('notice' as const)
    : messageId && !signedIn
      ? ('sign-in' as const)
      : messageId
        ? ('message' as const)
        : ('none' as const);
  return { kind, notice, message, signIn: () => sendToSignIn() };
}
