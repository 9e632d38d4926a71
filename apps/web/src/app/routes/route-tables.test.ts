import { ROUTE_BASE } from '@portal/contracts';
import { matchRoutes, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { deepestHandle, routeHandles } from '../../platform';
import { buildRoutes } from '../router';
import { DESKTOP_ROUTES } from './desktop-routes';
import { MOBILE_ROUTES } from './mobile-routes';
import type { PageRoute } from './route-table';

const AUTH = [
  'auth/login',
  'auth/loginout',
  'auth/callback',
  'auth/station',
  'auth/nopower',
  'auth/frequently',
];

/** §2, as the spec lists them; true = login needed. */
const MOBILE: Record<string, boolean> = {
  home: false,
  'home/project': false,
  flowManage: false,
  find: false,
  'find/category': false,
  notice: false,
  'notice/detail': false,
  my: true,
  'my/myProject': true,
  'my/myHistory': true,
  'my/myLike': true,
  'my/myRunProject': true,
  'my/myAccount': false,
  'my/myOrder': true,
  'my/resetPassword': true,
  'my/resetPhone': true,
  'my/bindWeChatAccount': true,
  'my/cancelPhone': true,
  saas: false,
  payment: false,
  'home/position': false,
  'home/question': false,
  'home/questionMy': false,
  'home/common': false,
  'home/richText': false,
  'home/questionSend': false,
  onlineExam: false,
  // Beyond §2: the application form of a project (issue 4 leaves where it lives open).
  apply: true,
  // Beyond §2: the admission ticket of an application (issue 4).
  print: true,
  // Beyond §2: a signed receipt (issue 30, point 17).
  receipt: true,
  // Beyond §2: the score and its 复核 (issue 30, point 18).
  score: true,
  // Beyond §2: the phone frame of the desktop flow preview (issue 8), not a candidate's page.
  flowPreview: false,
};
const DESKTOP: Record<string, boolean> = {
  home: false,
  externalproject: false,
  notice: true,
  find: false,
  'home/project': false,
  flowManage: false,
  richText: false,
  flowPreview: false,
  'flowPreview/login': false,
  saas: false,
  commonTabPanel: false,
  onlineExam: false,
  my: true,
  'my/myFlow': true,
  'my/myAccount': true,
  'my/myLike': true,
  'my/myOrder': true,
  'my/myProject': true,
  'my/myRunProject': true,
  // Beyond §2, as in the mobile table: the form, the payment and the ticket (issue 9).
  apply: true,
  payment: false,
  print: true,
  receipt: true,
  score: true,
};

function flatten(routes: readonly PageRoute[], prefix = ''): string[] {
  return routes.flatMap((r) => [
    `${prefix}${r.path}`,
    ...flatten(r.children ?? [], `${prefix}${r.path}/`),
  ]);
}

describe.each([
  ['mobile', MOBILE_ROUTES, MOBILE],
  ['desktop', DESKTOP_ROUTES, DESKTOP],
] as const)('§2 the %s route table', (_name, table, spec) => {
  const routes = buildRoutes(table, Outlet);
  const expected = [...Object.keys(spec), ...AUTH];

  it('has every route of the spec, and no other', () => {
    expect(flatten(table).sort()).toEqual([...expected].sort());
  });

  it.each(expected)('the route %s has a titled page under /views', (path) => {
    const matches = matchRoutes(routes, `${ROUTE_BASE}/${path}`) ?? [];
    expect(matches[0]?.route.path).toBe(ROUTE_BASE);
    expect(deepestHandle(matches.map((m) => m.route)).title).not.toBe('');
  });

  it('marks exactly the spec routes (and auth/station) as login needed', () => {
    for (const path of expected) {
      const matches = matchRoutes(routes, `${ROUTE_BASE}/${path}`) ?? [];
      const login = routeHandles(matches.map((m) => m.route)).some((h) => h.login);
      expect(login, path).toBe(spec[path] ?? path === 'auth/station');
    }
  });

  it('every route is lazily loaded', () => {
    const pages = (rs: readonly PageRoute[]): PageRoute[] =>
      rs.flatMap((r) => [r, ...pages(r.children ?? [])]);
    for (const route of pages(table)) expect(typeof route.page).toBe('function');
    const lazy = (rs: typeof routes): boolean =>
      rs.every(
        (r) =>
          (r.path === ROUTE_BASE || r.path === '*' || r.index
            ? true
            : typeof r.lazy === 'function') && lazy(r.children ?? []),
      );
    expect(lazy(routes)).toBe(true);
  });
});
