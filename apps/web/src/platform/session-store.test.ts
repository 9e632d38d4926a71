import type { UserProfile } from '@portal/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { DrawnSessionContext, drawnSessionState, useSessionStore } from './session-store';

const profile: UserProfile = {
  UserId: 7,
  Name: '张三',
  Mobile: '138****8000',
  HeadPortrait: 'https://cdn.example.com/avatar.png',
  IsRealName: true,
  IdNumber: null,
  IsBindWeChat: false,
  CreateTime: '2024-01-01T08:00:00+08:00',
};

describe('§3 session state', () => {
  beforeEach(() => useSessionStore.getState().resetSession());

  it('token type defaults to Bearer', () => {
    expect(useSessionStore.getState().tokenType).toBe('Bearer');
    useSessionStore.getState().setToken('abc');
    expect(useSessionStore.getState()).toMatchObject({ token: 'abc', tokenType: 'Bearer' });
  });

  it('holds every §3 field, empty when signed out', () => {
    expect(useSessionStore.getState()).toMatchObject({
      token: '',
      name: '',
      avatar: '',
      realName: false,
      userData: null,
      unreadNoticeCount: 0,
      authData: {},
      personalCenterNumbers: null,
      goFlag: false,
    });
  });

  it('profile fields read are HeadPortrait and Name', () => {
    useSessionStore.getState().setProfile(profile);
    expect(useSessionStore.getState()).toMatchObject({
      name: '张三',
      avatar: 'https://cdn.example.com/avatar.png',
      realName: true,
      userData: profile,
    });
  });

  it('token is set on login and cleared on reset with everything read for it', () => {
    const store = useSessionStore.getState();
    store.setToken('abc', 'Bearer');
    store.setProfile(profile);
    store.setUnreadNoticeCount(3);
    store.resetSession();
    expect(useSessionStore.getState()).toMatchObject({ token: '', userData: null, name: '' });
    expect(useSessionStore.getState().unreadNoticeCount).toBe(0);
  });

  it('a drawing reads the session it is drawn with, never the store: signed out without one', () => {
    // The browser's own store, signed in as someone: a drawing must not show it.
    useSessionStore.getState().setToken('abc', 'Bearer');
    useSessionStore.getState().setProfile({ ...profile, Name: '李四' });
    function Header() {
      const signedIn = useSessionStore((s) => Boolean(s.token));
      const name = useSessionStore((s) => s.name);
      const unread = useSessionStore((s) => s.unreadNoticeCount);
      return createElement('p', null, signedIn ? `${name} ${unread}` : '登录');
    }
    const drawn = drawnSessionState({ profile, unreadNoticeCount: 4 });
    expect(drawn.token).not.toBe('abc');
    expect(
      renderToString(
        createElement(DrawnSessionContext.Provider, { value: drawn }, createElement(Header)),
      ),
    ).toBe('<p>张三 4</p>');
    expect(renderToString(createElement(Header))).toBe('<p>登录</p>');
  });
});
