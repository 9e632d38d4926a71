import { describe, expect, it } from 'vitest';
import { AUTH_ROUTES } from './auth-routes';
import { DESKTOP_ROUTES } from './desktop-routes';
import PlaceholderRoutePage from './placeholder-page';
import type { PageRoute } from './route-table';

function flatten(routes: readonly PageRoute[], prefix = ''): Array<[string, PageRoute]> {
  return routes.flatMap((r): Array<[string, PageRoute]> => [
    [`${prefix}${r.path}`, r],
    ...flatten(r.children ?? [], `${prefix}${r.path}/`),
  ]);
}

/** Issue 9: only the personal centre's pages (part 2) and the auth routes may still be placeholders. */
const STILL_PLACEHOLDERS = [
  'my/myFlow',
  'my/myAccount',
  'my/myLike',
  'my/myOrder',
  'my/myProject',
  'my/myRunProject',
];

describe('the desktop table', () => {
  it('renders a real screen on every route but the personal centre’s pages', async () => {
    const auth = new Set(AUTH_ROUTES.map((r) => r.path));
    const placeholders: string[] = [];
    for (const [path, route] of flatten(DESKTOP_ROUTES)) {
      if (auth.has(path)) continue;
      if ((await route.page()).default === PlaceholderRoutePage) placeholders.push(path);
    }
    expect(placeholders).toEqual(STILL_PLACEHOLDERS);
  }, 60_000);
});
