import { FALLBACK_ROUTE, ROUTE_BASE } from '@portal/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { deepestHandle, progress, routeHandles, setNavigate } from '../platform';
import { afterNavigation, createNavigationGuard } from './navigation-rules';
import { RouteErrorPage } from './route-error-page';
import type { PageRoute } from './routes/route-table';

type Guard = ReturnType<typeof createNavigationGuard>;

function toRouteObject(route: PageRoute): RouteObject {
  return {
    path: route.path,
    handle: route.handle,
    errorElement: <RouteErrorPage />,
    lazy: async () => {
      const page = await route.page();
      return page.loader
        ? { Component: page.default, loader: page.loader }
        : { Component: page.default };
    },
    children: route.children?.map(toRouteObject),
  };
}

function RouteLoading() {
  return <div className="route-loading" aria-busy="true" />;
}

/** §2: a layout's table under /views inside its shell, the rules at the root, and the fallback. */
export function buildRoutes(
  table: readonly PageRoute[],
  Shell: ComponentType,
  guard: Guard = createNavigationGuard(),
): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: ROUTE_BASE,
      Component: Shell,
      errorElement: <RouteErrorPage />,
      HydrateFallback: RouteLoading,
      // §2: the rules run on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      loader: async ({ request }) => {
        const url = new URL(request.url);
        const matches = matchRoutes(routes, url.pathname) ?? [];
        const target = await guard(url, routeHandles(matches.map((m) => m.route)));
        if (target) throw redirect(target);
        return null;
      },
      children: [
        { index: true, loader: () => redirect(FALLBACK_ROUTE) },
        ...table.map(toRouteObject),
      ],
    },
    // §2: unknown paths, inside /views or not, land on the project list.
    { path: '*', loader: () => redirect(FALLBACK_ROUTE) },
  ];
  return routes;
}

type PortalRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the router, makes it the one platform code navigates with, and applies §2 after each navigation. */
export function createPortalRouter(
  routes: RouteObject[],
  create: (routes: RouteObject[]) => PortalRouter = createBrowserRouter,
): PortalRouter {
  const router = create(routes);
  // A router hydrating a server-drawn screen starts initialized: its first page is already shown,
  // perhaps scrolled, so it gets no progress bar (whose start lays out the whole page) and no scroll.
  const drawn = router.state.initialized;
  if (!drawn) progress.start();
  setNavigate((path, options) => void router.navigate(path, options));
  let lastKey: string | null = null;
  const onState = (state: PortalRouter['state'], { firstDrawn = false } = {}) => {
    if (state.navigation.state !== 'idle') {
      progress.start();
      return;
    }
    if (!state.initialized || state.location.key === lastKey) return;
    lastKey = state.location.key;
    progress.done();
    const href = `${window.location.origin}${router.createHref(state.location)}`;
    afterNavigation(
      deepestHandle(state.matches.map((m) => m.route)),
      state.location.pathname,
      href,
      { scrollToTop: !firstDrawn },
    );
  };
  router.subscribe((state) => onState(state));
  if (drawn) onState(router.state, { firstDrawn: true });
  return router;
}
