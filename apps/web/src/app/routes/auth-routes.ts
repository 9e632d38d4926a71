import { ROUTE_PATTERNS } from '../../platform';
import type { PageRoute } from './route-table';
import { WHITE } from './route-table';

/** §2: the auth routes, the same in both layouts (the workbench, auth/station, has a screen per layout). */
export const AUTH_ROUTES: PageRoute[] = [
  {
    path: ROUTE_PATTERNS.authLogin,
    handle: { title: '登录', background: WHITE },
    page: () => import('../../features/auth/login-page'),
  },
  {
    path: ROUTE_PATTERNS.authLoginout,
    handle: { title: '已退出登录', background: WHITE },
    page: () => import('../../features/auth/loginout-page'),
  },
  {
    path: ROUTE_PATTERNS.authCallback,
    handle: { title: '登录', background: WHITE },
    page: () => import('../../features/auth/callback-page'),
  },
  {
    path: ROUTE_PATTERNS.authNoPower,
    handle: { title: '无权访问', background: WHITE },
    page: () => import('../../features/auth/no-power-page'),
  },
  {
    path: ROUTE_PATTERNS.authFrequently,
    handle: { title: '访问过于频繁', background: WHITE },
    page: () => import('../../features/auth/frequently-page'),
  },
];
