import {
  getPersonalCenterNumber,
  getUser,
  personalCenterNumberSchema,
  userProfileSchema,
} from '@portal/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths, setElderMode, useSessionStore } from '../../../platform';
import { fakeServer, refusal } from '../../testing/fake-server';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import MyPage from './my-page';

setUpScreenTests();

const numbers = personalCenterNumberSchema.parse({
  ApplyCount: 3,
  RunProjectCount: 2,
  OrderCount: 1,
  BrowseCount: 12,
  CollectCount: 4,
  UnreadMessageCount: 5,
});
const profile = userProfileSchema.parse({
  UserId: 1,
  Name: '李明',
  Mobile: '138****8000',
  HeadPortrait: '',
  IsRealName: true,
  IdNumber: '1101**********2813',
  IsBindWeChat: false,
  CreateTime: '2026-01-01T00:00:00+08:00',
});

describe('my: the personal centre', () => {
  it('has the 长辈模式 switch, which turns elder mode on for the device', async () => {
    signIn();
    useSessionStore.getState().setProfile(profile);
    fakeServer().on(getPersonalCenterNumber, numbers);
    renderScreen(MyPage, paths.my());
    const toggle = await screen.findByRole('switch', { name: '长辈模式' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.hasAttribute('data-elder')).toBe(true);
    act(() => setElderMode(false));
  });

  it('shows name, real-name flag and each number as a link to the list it counts', async () => {
    signIn();
    useSessionStore.getState().setProfile(profile);
    const server = fakeServer().on(getPersonalCenterNumber, numbers);
    renderScreen(MyPage, paths.my());
    expect(screen.getByRole('heading', { name: '李明' })).toBeTruthy();
    expect(screen.getByText('已实名')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '我的数据' });
    const expected = [
      ['报名 3', paths.myProject()],
      ['进行中 2', paths.myRunProject()],
      ['订单 1', paths.myOrder()],
      ['足迹 12', paths.myHistory()],
      ['收藏 4', paths.myLike()],
      ['未读消息 5', paths.notice()],
    ];
    for (const [name, href] of expected)
      expect((await within(nav).findByRole('link', { name })).getAttribute('href')).toBe(href);
    expect(useSessionStore.getState().personalCenterNumbers).toEqual(numbers);
    expect(server.calls(getUser)).toHaveLength(0);
    expect(screen.getByRole('link', { name: /账号与资料/ }).getAttribute('href')).toBe(
      paths.myAccount(),
    );
  });

  it('loads the profile when the session has none, and a default avatar stands in', async () => {
    signIn();
    fakeServer()
      .on(getPersonalCenterNumber, numbers)
      .on(getUser, { ...profile, IsRealName: false });
    renderScreen(MyPage, paths.my());
    expect(screen.getByText('正在加载个人信息…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '李明' })).toBeTruthy();
    expect(screen.getByText('未实名')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('numbers that fail to load say so, and a retry brings them', async () => {
    signIn();
    useSessionStore.getState().setProfile(profile);
    let fail = true;
    fakeServer().on(getPersonalCenterNumber, () =>
      fail ? refusal(500, '服务器异常，请联系管理员') : numbers,
    );
    renderScreen(MyPage, paths.my());
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '报名 3' })).toBeTruthy();
  });
});
