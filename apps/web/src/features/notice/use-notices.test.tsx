import { getMessageNotice, getProjectNotice } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths, useSessionStore } from '../../platform';
import { fakeServer } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useNoticeDetail, useNoticeTab, useUnreadCount } from './use-notices';

setUpScreenTests();

describe('the notice hooks, whatever view shows them', () => {
  it('reads the tab from the address and writes it back', () => {
    const { result } = renderFeatureHook(() => useNoticeTab(), paths.notice({ tab: 'message' }));
    expect(result.current.tab).toBe('message');
    act(() => result.current.setTab('project'));
    expect(result.current.tab).toBe('project');
  });

  it('a message is read only when signed in; reading it lowers the unread count', async () => {
    const server = fakeServer().on(getMessageNotice, {
      MessageId: 4,
      Title: '审核结果通知',
      Summary: '已通过',
      IsRead: true,
      ProjectId: 1,
      CreateTime: '2026-03-02T10:00:00+08:00',
      Content: '<p>已通过</p>',
      UnreadCount: 2,
    });
    const anonymous = renderFeatureHook(
      () => useNoticeDetail(),
      paths.noticeDetail({ MessageId: 4 }),
    );
    expect(anonymous.result.current.kind).toBe('sign-in');
    anonymous.unmount();
    expect(server.calls(getMessageNotice)).toHaveLength(0);

    signIn();
    useSessionStore.getState().setUnreadNoticeCount(3);
    const { result } = renderFeatureHook(
      () => ({ detail: useNoticeDetail(), unread: useUnreadCount() }),
      paths.noticeDetail({ MessageId: 4 }),
    );
    expect(result.current.detail.kind).toBe('message');
    await waitFor(() => expect(result.current.detail.message.data?.Title).toBe('审核结果通知'));
    expect(result.current.unread).toBe(2);
    expect(server.calls(getProjectNotice)).toHaveLength(0);
  });

  it('without a notice or a message there is nothing to show', () => {
    const { result } = renderFeatureHook(
      () => useNoticeDetail(),
      paths.noticeDetail({ NoticeId: 0 }),
    );
    expect(result.current.kind).toBe('none');
  });
});
