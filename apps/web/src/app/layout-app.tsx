import { type FirstScreenState, tokenSubjectOf } from '@portal/contracts';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import {
  DrawnSessionContext,
  drawnSessionState,
  PREVIEW_LOGIN_NAME,
  routeHandles,
  useSessionStore,
} from '../platform';
import { createNavigationGuard } from './navigation-rules';
import { createQueryClient } from './providers';
import { buildRoutes, createPortalRouter } from './router';
import type { PageRoute } from './routes/route-table';

export interface LayoutApp {
  App: ComponentType;
  queryClient: QueryClient;
  /** App continues the host page's server-drawn first screen (hydrateRoot) rather than drawing anew. */
  hydrates: boolean;
}

type Guard = ReturnType<typeof createNavigationGuard>;

/**
 * Whether this visitor would see the server-drawn screen as drawn: the §2 rules let the address
 * show, no preview, and the visitor is who it was drawn for — signed out, or signed in to the
 * account whose calls drew it. Running the rules here is also their first run, which a hydrated router skips
 * (it starts with the root's loader data); for a signed-in screen they load the profile the drawing
 * shows, from the host page's answers.
 */
async function seesServerScreen(
  routes: RouteObject[],
  guard: Guard,
  firstScreen: FirstScreenState,
): Promise<boolean> {
  const url = new URL(window.location.href);
  const matches = matchRoutes(routes, url.pathname) ?? [];
  const target = await guard(url, routeHandles(matches.map((m) => m.route)));
  if (target !== null || sessionStorage.getItem(PREVIEW_LOGIN_NAME)) return false;
  const { token } = useSessionStore.getState();
  const drawnFor = firstScreen.session?.drawnFor;
  if (!drawnFor) return !token;
  if (!token || tokenSubjectOf(token) !== drawnFor) return false;
  // The badge's number as drawn, kept after hydration (its query came with the drawing, fresh).
  useSessionStore.getState().setUnreadNoticeCount(firstScreen.session?.unreadNoticeCount ?? 0);
  return true;
}

/** Loads the address's lazy routes, as the router would, so hydration renders pages, not fallbacks. */
async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * A layout's app (§2): its route table inside its shell under the rules. Given the host page's
 * server-drawn first screen, and a visitor who sees it as drawn, the router and the query cache
 * start from what the server drew it with.
 */
export async function createLayoutApp(
  table: readonly PageRoute[],
  Shell: ComponentType,
  firstScreen: FirstScreenState | null,
): Promise<LayoutApp> {
  const guard = createNavigationGuard();
  const routes = buildRoutes(table, Shell, guard);
  const queryClient = createQueryClient();
  const hydrationData =
    firstScreen && (await seesServerScreen(routes, guard, firstScreen))
      ? { loaderData: firstScreen.loaderData }
      : undefined;
  if (firstScreen && hydrationData) {
    // Written by server-render.tsx's dehydrate() of this same build.
    hydrate(queryClient, firstScreen.queries as DehydratedState);
    await loadMatchedRoutes(routes, window.location.pathname);
  }
  const router = createPortalRouter(routes, (r) => createBrowserRouter(r, { hydrationData }));
  // A signed-in drawing is hydrated with the session it was drawn with (the store's server snapshot).
  const drawnSession =
    hydrationData && firstScreen?.session ? drawnSessionState(firstScreen.session) : null;
  return {
    App: () => (
      <DrawnSessionContext.Provider value={drawnSession}>
        <RouterProvider router={router} />
      </DrawnSessionContext.Provider>
    ),
    queryClient,
    hydrates: hydrationData !== undefined,
  };
}
