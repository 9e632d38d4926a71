import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileShell, setUpMobileLayout } from '../layouts/mobile';
import { oidcUserKey, paths, signinRedirect, useSessionStore } from '../platform';
import { testJwt } from '../platform/testing/jwt-fixture';
import { loadTestRuntimeConfig } from '../platform/testing/runtime-config-fixture';
import { createQueryClient, Providers } from './providers';
import { MOBILE_ROUTES } from './routes/mobile-routes';
import { settled, startApp, stubServices } from './testing/app-harness';

const config = loadTestRuntimeConfig();
const KEY = oidcUserKey(config.WebSite.UserClient.ClientID);
const assign = vi.fn();

/** A sign-in as the provider answers it: the address the browser comes back to. */
function providerReturn(overrides: Record<string, string> = {}): string {
  const go = vi.fn();
  signinRedirect(config, go);
  const sent = new URL(String(go.mock.calls[0]?.[0])).searchParams;
  const now = Math.floor(Date.now() / 1000);
  const fragment = new URLSearchParams({
    access_token: testJwt({ sub: '7', iat: now, exp: now + 3600 }),
    token_type: 'Bearer',
    id_token: testJwt({ sub: '7', nonce: sent.get('nonce') }),
    state: sent.get('state') ?? '',
    expires_in: '3600',
    ...overrides,
  });
  return `${paths.authCallback()}#${fragment.toString()}`;
}

beforeEach(() => {
  loadTestRuntimeConfig();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.getState().resetSession();
  stubServices();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  assign.mockReset();
});

describe('§4 /views/auth/callback', () => {
  it('stores the sign-in, removes the token from the address bar and goes to loginBackNextPath', async () => {
    localStorage.setItem('loginBackNextPath', paths.myOrder());
    const address = providerReturn();
    window.history.replaceState(null, '', address);
    const { router } = startApp(MOBILE_ROUTES, address);
    expect((await settled(router)).pathname).toBe(paths.myOrder());
    expect(window.location.hash).toBe('');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toHaveProperty('token_type', 'Bearer');
    expect(localStorage.getItem('loginBackNextPath')).toBeNull();
    expect(useSessionStore.getState().token).not.toBe('');
  });

  it('without loginBackNextPath goes to /views/home/project', async () => {
    const address = providerReturn();
    window.history.replaceState(null, '', address);
    const { router } = startApp(MOBILE_ROUTES, address);
    expect((await settled(router)).pathname).toBe(paths.projectList());
  });

  it('a state that differs from the one sent shows a Chinese sign-in failure page with a retry', async () => {
    const address = providerReturn({ state: 'x'.repeat(32) });
    window.history.replaceState(null, '', address);
    const { router } = startApp(MOBILE_ROUTES, address, MobileShell);
    await settled(router);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText(/state/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新登录' }).getAttribute('href')).toBe(
      paths.authLogin(),
    );
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('§4 /views/auth/loginout', () => {
  it('shows 已退出登录 with a link home and does nothing else', async () => {
    const { router } = startApp(MOBILE_ROUTES, paths.authLoginout(), MobileShell);
    await settled(router);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '已退出登录', level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe(
      paths.projectList(),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers to sign in again, back to the personal centre (issue 30, point 8)', async () => {
    const { router } = startApp(MOBILE_ROUTES, paths.authLoginout(), MobileShell);
    await settled(router);
    render(<RouterProvider router={router} />);
    const again = await screen.findByRole('link', { name: '重新登录' });
    expect(again.getAttribute('href')).toBe(paths.authLogin());
    again.click();
    expect(localStorage.getItem('loginBackNextPath')).toBe(paths.my());
    // On to the provider's sign-in; then back (from the back-forward cache) for the next test.
    await waitFor(() =>
      expect(String(assign.mock.calls[0]?.[0])).toMatch(/\/identity\/connect\/authorize\?/),
    );
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  });
});

describe('§4 the mobile my tab offers sign-out', () => {
  it('signing out removes the stored sign-in and goes to Auth/OutLogin', async () => {
    setUpMobileLayout();
    const now = Math.floor(Date.now() / 1000);
    localStorage.setItem(
      KEY,
      JSON.stringify({
        header: {},
        payload: {},
        signature: 's',
        access_token: testJwt({ iat: now, exp: now + 3600 }),
        token_type: 'Bearer',
        expires_at: now + 3600,
        difference_ntime: 0,
      }),
    );
    // As the server answers: without a token, GetUser is 401 (which sends a page to sign in).
    const { fetchMock, calls } = stubServices();
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      new URL(String(input)).pathname.endsWith('/User/GetUser') &&
      !new Headers(init?.headers).has('Authorization')
        ? new Response(JSON.stringify({ ErrCode: 401, ErrMsg: '请先登录', Data: null }), {
            status: 401,
          })
        : answer!(input, init),
    );
    const { router } = startApp(MOBILE_ROUTES, paths.my(), MobileShell);
    await settled(router);
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    (await screen.findByRole('button', { name: '退出登录' })).click();
    (await screen.findByRole('button', { name: '退出' })).click();
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(String(assign.mock.calls[0]?.[0])).toMatch(
      /^https:\/\/id\.example\.com\/identity\/Auth\/OutLogin\?ReturnUrl=/,
    );
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(useSessionStore.getState().token).toBe('');
    // While the browser goes to Auth/OutLogin, the emptied page asks nothing and goes nowhere else.
    const profileCalls = calls('/User/GetUser').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls('/User/GetUser')).toHaveLength(profileCalls);
    expect(router.state.location.pathname).toBe(paths.my());
    expect(assign).toHaveBeenCalledTimes(1);
    // antd-mobile's dialog lives in its own root: let it finish closing before the test ends.
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), {
      timeout: 5000,
    });
  });
});
