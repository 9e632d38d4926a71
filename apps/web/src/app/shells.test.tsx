import { ROUTE_BASE } from '@portal/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crumbsOf, DesktopShell, setUpDesktopLayout } from '../layouts/desktop';
import { MobileShell, setUpMobileLayout, tabOf } from '../layouts/mobile';
import { notifyError, paths, runtimeConfig, useLayoutStore, useSessionStore } from '../platform';
import { storeTestSignIn } from '../platform/testing/jwt-fixture';
import { loadTestRuntimeConfig } from '../platform/testing/runtime-config-fixture';
import { createQueryClient, Providers } from './providers';
import { DESKTOP_ROUTES } from './routes/desktop-routes';
import { MOBILE_ROUTES } from './routes/mobile-routes';
import { settled, startApp, stubServices } from './testing/app-harness';

beforeEach(() => {
  loadTestRuntimeConfig();
  localStorage.clear();
  useSessionStore.getState().resetSession();
  stubServices();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('§2 mobile shell', () => {
  it('renders the route inside data-layout="mobile" with its title and the five tabs', async () => {
    const { router } = startApp(MOBILE_ROUTES, paths.find(), MobileShell);
    await settled(router);
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const shell = container.querySelector('[data-layout="mobile"]') as HTMLElement;
    expect(shell).not.toBeNull();
    expect(await within(shell).findByRole('heading', { level: 1, name: '发现' })).toBeTruthy();
    const tabs = within(within(shell).getByRole('navigation', { name: '主导航' })).getAllByRole(
      'link',
    );
    expect(tabs.map((t) => t.textContent)).toEqual(['首页', '项目', '发现', '消息', '我的']);
    expect(tabs.map((t) => t.getAttribute('href'))).toEqual([
      paths.home(),
      paths.projectList(),
      paths.find(),
      paths.notice(),
      paths.my(),
    ]);
    expect(within(shell).getByRole('link', { name: '发现' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(container.querySelector('[data-layout="desktop"]')).toBeNull();
  });

  it('one home: 首页 is lit on home only, the project list lights 项目', () => {
    expect(tabOf(paths.home())?.title).toBe('首页');
    expect(tabOf(paths.projectList())?.title).toBe('项目');
    expect(tabOf(paths.myProject())?.title).toBe('我的');
    expect(tabOf(paths.flowManage({ ProjectId: 1 }))).toBeUndefined();
  });

  it('a page opened from a shared link (no history of ours) goes back to the project list', async () => {
    const { router } = startApp(MOBILE_ROUTES, paths.myAccount(), MobileShell);
    await settled(router);
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const back = await screen.findByRole('button', { name: '返回项目列表' });
    back.click();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.projectList()));
  });

  it('§8 the mobile layout registers antd-mobile Toast as the notifier', async () => {
    setUpMobileLayout();
    notifyError('已报名该项目');
    expect(await screen.findByText('已报名该项目')).toBeTruthy();
  });
});

describe('§2 desktop shell', () => {
  async function renderDesktop(path: string) {
    const { router } = startApp(DESKTOP_ROUTES, path, DesktopShell);
    await settled(router);
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    return container;
  }

  it('renders the route inside data-layout="desktop" with a skip link, the main sections and 登录', async () => {
    const container = await renderDesktop(paths.projectList());
    const shell = container.querySelector('[data-layout="desktop"]') as HTMLElement;
    expect(shell).not.toBeNull();
    expect(await within(shell).findByRole('heading', { level: 1, name: '项目列表' })).toBeTruthy();
    expect(within(shell).getByRole('link', { name: '跳到主要内容' }).getAttribute('href')).toBe(
      '#main-content',
    );
    const nav = within(shell).getByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['首页', '项目', '发现', '消息']);
    expect(within(nav).getByRole('link', { name: '项目' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(shell).getByRole('button', { name: '登录' })).toBeTruthy();
    expect(container.querySelector('[data-layout="mobile"]')).toBeNull();
  });

  it('shows the signed-in person’s name with 个人中心 and the unread count on 消息', async () => {
    storeTestSignIn(runtimeConfig().WebSite.UserClient.ClientID);
    useSessionStore.setState({ name: '张三', avatar: '', unreadNoticeCount: 2 });
    const container = await renderDesktop(paths.projectList());
    const shell = container.querySelector('[data-layout="desktop"]') as HTMLElement;
    const me = await within(shell).findByRole('link', { name: /^张三\s*（个人中心）$/ });
    expect(me.getAttribute('href')).toBe(paths.my());
    expect(within(shell).getByRole('link', { name: /^消息\s*，2条未读$/ })).toBeTruthy();
  });

  it('breadcrumbs lead from 首页 to an inner page; the home page has none', () => {
    const match = (title: string, pathname: string) => ({ handle: { title }, pathname });
    expect(
      crumbsOf([{ pathname: ROUTE_BASE, handle: undefined }, match('发现', paths.find())]),
    ).toEqual([
      { title: '首页', path: paths.home() },
      { title: '发现', path: paths.find() },
    ]);
    expect(
      crumbsOf([match('个人中心', paths.my()), match('我的项目', paths.myProject())]).map(
        (c) => c.title,
      ),
    ).toEqual(['首页', '个人中心', '我的项目']);
    expect(crumbsOf([match('首页', paths.home())])).toEqual([]);
  });

  it('§3 the personal centre has the left menu, folded as cookie sidebarStatus says', async () => {
    storeTestSignIn(runtimeConfig().WebSite.UserClient.ClientID);
    useLayoutStore.getState().setSidebarOpened(true);
    const container = await renderDesktop(paths.my());
    const shell = container.querySelector('[data-layout="desktop"]') as HTMLElement;
    const menu = await within(shell).findByRole('navigation', { name: '个人中心' });
    expect(within(menu).getByText('我的项目')).toBeTruthy();
    expect(shell.querySelector('.ant-layout-sider-collapsed')).toBeNull();
  });

  it('§8 the desktop layout registers antd message as the notifier', async () => {
    setUpDesktopLayout();
    notifyError('项目已结束报名');
    expect(await screen.findByText('项目已结束报名')).toBeTruthy();
  });
});
