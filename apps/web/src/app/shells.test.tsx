import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopShell, setUpDesktopLayout } from '../layouts/desktop';
import { MobileShell, setUpMobileLayout } from '../layouts/mobile';
import { notifyError, paths, useSessionStore } from '../platform';
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
  it('renders the route inside data-layout="mobile" with its title and the four tabs', async () => {
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
    const tabs = shell.querySelectorAll('.adm-tab-bar-item-title');
    expect([...tabs].map((t) => t.textContent)).toEqual(['首页', '发现', '消息', '我的']);
    expect(container.querySelector('[data-layout="desktop"]')).toBeNull();
  });

  it('§8 the mobile layout registers antd-mobile Toast as the notifier', async () => {
    setUpMobileLayout();
    notifyError('已报名该项目');
    expect(await screen.findByText('已报名该项目')).toBeTruthy();
  });
});

describe('§2 desktop shell', () => {
  it('renders the route inside data-layout="desktop" with its title and the sidebar', async () => {
    const { router } = startApp(DESKTOP_ROUTES, paths.projectList(), DesktopShell);
    await settled(router);
    const { container } = render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    const shell = container.querySelector('[data-layout="desktop"]') as HTMLElement;
    expect(shell).not.toBeNull();
    expect(await within(shell).findByRole('heading', { level: 1, name: '项目列表' })).toBeTruthy();
    expect(within(shell).getByText('个人中心')).toBeTruthy();
    expect(container.querySelector('[data-layout="mobile"]')).toBeNull();
  });

  it('§8 the desktop layout registers antd message as the notifier', async () => {
    setUpDesktopLayout();
    notifyError('项目已结束报名');
    expect(await screen.findByText('项目已结束报名')).toBeTruthy();
  });
});
