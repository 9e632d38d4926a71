import type { PageRoute } from './route-table';
import { WHITE } from './route-table';

/** §2: the auth routes, the same in both layouts. */
export const AUTH_ROUTES: PageRoute[] = [
  {
    path: 'auth/login',
    handle: { title: '登录', background: WHITE },
    page: () => import('../../features/auth/login-page'),
  },
  {
    path: 'auth/loginout',
    handle: { title: '已退出登录', background: WHITE },
    page: () => import('../../features/auth/loginout-page'),
  },
  {
    path: 'auth/callback',
    handle: { title: '登录', background: WHITE },
    page: () => import('../../features/auth/callback-page'),
  },
  {
    path: 'auth/station',
    handle: { title: '工作台', login: true },
    page: () => import('./placeholder-page'),
  },
  {
    path: 'auth/nopower',
    handle: { title: '无权访问', background: WHITE },
    page: () => import('../../features/auth/no-power-page'),
  },
  {
    path: 'auth/frequently',
    handle: { title: '访问过于频繁', background: WHITE },
    page: () => import('../../features/auth/frequently-page'),
  },
];
