import { describe, expect, it } from 'vitest';
import { DESKTOP_ROUTES } from './desktop-routes';
import { MOBILE_ROUTES } from './mobile-routes';
import PlaceholderRoutePage from './placeholder-page';
import type { PageRoute } from './route-table';

function flatten(routes: readonly PageRoute[], prefix = ''): Array<[string, PageRoute]> {
  return routes.flatMap((r): Array<[string, PageRoute]> => [
    [`${prefix}${r.path}`, r],
    ...flatten(r.children ?? [], `${prefix}${r.path}/`),
  ]);
}

async function placeholdersOf(routes: readonly PageRoute[]): Promise<string[]> {
  const found: string[] = [];
  for (const [path, route] of flatten(routes))
    if ((await route.page()).default === PlaceholderRoutePage) found.push(path);
  return found;
}

/** Issue 10: every route of the desktop table — the personal centre's pages and auth included — is a real screen. */
describe('the route tables', () => {
  it('the desktop table, auth routes included, renders no placeholder', async () => {
    const paths = flatten(DESKTOP_ROUTES).map(([path]) => path);
    expect(paths).toEqual(expect.arrayContaining(['my/myFlow', 'my/myOrder', 'auth/station']));
    expect(await placeholdersOf(DESKTOP_ROUTES)).toEqual([]);
  }, 60_000);

  it('the mobile table renders no placeholder either (auth/station included)', async () => {
    expect(flatten(MOBILE_ROUTES).map(([path]) => path)).toContain('auth/station');
    expect(await placeholdersOf(MOBILE_ROUTES)).toEqual([]);
  }, 60_000);
});
