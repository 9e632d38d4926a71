import {
  getMessageList,
  getMessageNotice,
  getProjectNotice,
  messageSchema,
  type Message,
  ROUTE_BASE,
} from '@portal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MobileShell } from '../../../layouts/mobile';
import { paths, useSessionStore } from '../../../platform';
import { fakeServer } from '../../testing/fake-server';
import { paged } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { useUnreadNoticeSync } from '../api/get-message-list';
import NoticeDetailPage from './notice-detail-page';
import NoticePage from './notice-page';

setUpScreenTests();

function message(MessageId: number, IsRead: boolean): Message {
  return messageSchema.parse({
    MessageId,
    Title: `审核结果通知 ${MessageId}`,
    Summary: '您的报名已通过审核',
    Content: '<p>您的报名已通过审核，请按时缴费。</p><script>alert(1)</script>',
    IsRead,
    ProjectId: 7,
    CreateTime: '2026-03-02T10:00:00+08:00',
  });
}

/** A mailbox on the fake server: reading a message marks it read, as the real one does. */
function mailbox(unread: number[], read: number[]) {
  const messages = new Map<number, Message>();
  for (const id of unread) messages.set(id, message(id, false));
  for (const id of read) messages.set(id, message(id, true));
  const unreadCount = () => [...messages.values()].filter((m) => !m.IsRead).length;
  return fakeServer()
    .on(getMessageList, () => ({
      ...paged([...messages.values()].map(({ Content: _c, ...summary }) => summary)),
      UnreadCount: unreadCount(),
    }))
    .on(getMessageNotice, (input) => {
      const MessageId = Number(input.MessageId);
      const found = messages.get(MessageId)!;
      messages.set(MessageId, { ...found, IsRead: true });
      return { ...found, IsRead: true, UnreadCount: unreadCount() };
    })
    .on(getProjectNotice, paged([]));
}

function ShellWithUnread() {
  useUnreadNoticeSync();
  return <MobileShell />;
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: ROUTE_BASE,
        element: <ShellWithUnread />,
        children: [
          { path: 'notice', handle: { title: '消息', tab: true }, element: <NoticePage /> },
          { path: 'notice/detail', handle: { title: '消息详情' }, element: <NoticeDetailPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const messagesTab = () =>
  document.querySelector(`[data-tab-path="${paths.notice()}"]`) as HTMLElement;

describe('the unread badge on the 消息 tab', () => {
  it('shows the unread count and goes down by one when an unread message is read', async () => {
    signIn();
    mailbox([1, 2, 3], [4]);
    const router = renderApp(paths.notice({ tab: 'message' }));
    await waitFor(() => expect(messagesTab().textContent).toBe('3消息，3条未读'));

    const list = await screen.findByRole('list', { name: '我的消息' });
    const first = within(list).getByRole('link', { name: /审核结果通知 1/ });
    expect(first.textContent).toContain('未读');
    fireEvent.click(first);

    expect(await screen.findByRole('heading', { name: '审核结果通知 1' })).toBeTruthy();
    // The message's rich text is sanitised.
    expect(screen.getByText('您的报名已通过审核，请按时缴费。')).toBeTruthy();
    expect(document.querySelector('.notice-detail script')).toBeNull();
    expect(useSessionStore.getState().unreadNoticeCount).toBe(2);

    void router.navigate(paths.notice({ tab: 'message' }));
    await waitFor(() => expect(messagesTab().textContent).toBe('2消息，2条未读'));
    // The list is read again after the count: wait for the message itself to say it was read
    // (a busy machine may draw the old list first), not for any time.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /审核结果通知 1/ }).textContent).not.toContain(
        '未读',
      ),
    );
  });

  it('shows no badge when nothing is unread', async () => {
    signIn();
    mailbox([], [4]);
    renderApp(paths.notice({ tab: 'message' }));
    await screen.findByRole('list', { name: '我的消息' });
    expect(messagesTab().textContent).toBe('消息');
    expect(messagesTab().querySelector('.adm-badge')).toBeNull();
  });

  it('an anonymous visitor is asked to sign in for 我的消息 and no message call is made', async () => {
    const server = mailbox([1], []);
    renderScreen(NoticePage, paths.notice({ tab: 'message' }));
    expect(await screen.findByText('登录后查看我的消息')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.notice({ tab: 'message' }));
    expect(server.calls(getMessageList)).toHaveLength(0);
  });
});

describe('notice: 项目公告', () => {
  it('lists project notices for everyone and opens one by NoticeId', async () => {
    const notice = {
      NoticeId: 9,
      ProjectId: 7,
      ProjectTitle: '2026年教师招聘',
      Title: '关于资格审核的说明',
      Content: '<p>请考生如实填写。</p>',
      PublishTime: '2026-03-02T10:00:00+08:00',
    };
    const server = fakeServer().on(getProjectNotice, (input) =>
      paged(input.NoticeId && input.NoticeId !== 9 ? [] : [notice]),
    );
    renderScreen(NoticePage, paths.notice());
    const tab = screen.getByRole('tab', { name: '项目公告' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const link = await screen.findByRole('link', { name: /关于资格审核的说明/ });
    expect(link.getAttribute('href')).toBe(paths.noticeDetail({ NoticeId: 9 }));

    renderScreen(NoticeDetailPage, paths.noticeDetail({ NoticeId: 9 }));
    expect(await screen.findByText('请考生如实填写。')).toBeTruthy();
    expect(server.calls(getProjectNotice).at(-1)?.input).toMatchObject({ NoticeId: '9' });
  });
});
