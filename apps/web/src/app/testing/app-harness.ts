import { vi } from 'vitest';
import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { buildRoutes, createPortalRouter } from '../router';
import { createNavigationGuard, type NavigationGuardDeps } from '../navigation-rules';
import type { PageRoute } from '../routes/route-table';
import { runtimeConfig } from '../../platform';

export const PROFILE = {
  UserId: 7,
  Name: '张三',
  Mobile: '138****8000',
  HeadPortrait: 'https://cdn.example.com/avatar.png',
  IsRealName: true,
  IdNumber: null,
  IsBindWeChat: false,
  CreateTime: '2024-01-01T08:00:00+08:00',
};

/** The edge of these tests: the network, answered per path; every call is recorded. */
export function stubServices(pageConfig: { IsNotFound: boolean } = { IsNotFound: false }) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input));
    const ok = (Data: unknown) => new Response(JSON.stringify({ ErrCode: 0, ErrMsg: '', Data }));
    if (url.pathname.endsWith('/PageConfig/GetPageConfig')) {
      return ok({ ...pageConfig, TenantId: 1, TenantName: '演示', LogoUrl: '', ServicePhone: '' });
    }
    if (url.pathname.endsWith('/User/GetUser')) return ok(PROFILE);
    return new Response(JSON.stringify({ ErrCode: 404, ErrMsg: '接口不存在', Data: null }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (suffix: string) =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname.endsWith(suffix));
  return { fetchMock, calls };
}

/** A layout's real routes and rules in a memory router; leaving the site is recorded, not done. */
export function startApp(
  table: readonly PageRoute[],
  path: string,
  Shell: ComponentType = Outlet,
  hostPageConfig?: NavigationGuardDeps['hostPageConfig'],
) {
  const goExternal = vi.fn();
  const routes: RouteObject[] = buildRoutes(
    table,
    Shell,
    createNavigationGuard({ config: runtimeConfig, goExternal, hostPageConfig }),
  );
  const router = createPortalRouter(routes, (r) =>
    createMemoryRouter(r, { initialEntries: [path] }),
  );
  return { router, goExternal };
}

export async function settled(router: ReturnType<typeof startApp>['router']) {
  // The first navigation loads its page module lazily, which takes a while on a busy machine.
  await vi.waitFor(
    () => {
      if (!router.state.initialized || router.state.navigation.state !== 'idle') {
        throw new Error('router still navigating');
      }
    },
    { timeout: 15_000 },
  );
  return router.state.location;
}
