import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render, renderHook } from '@testing-library/react';
import { setUpMobileLayout } from '../../layouts/mobile';
import { runtimeConfig, useSessionStore } from '../../platform';
import { storeTestSignIn } from '../../platform/testing/jwt-fixture';
import { loadTestRuntimeConfig } from '../../platform/testing/runtime-config-fixture';

/** Where the screen sent the person: path and query of the memory router's location. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Fresh config, storage and session before each screen test; nothing left on the page after. */
export function setUpScreenTests() {
  beforeEach(() => {
    loadTestRuntimeConfig();
    localStorage.clear();
    sessionStorage.clear();
    useSessionStore.getState().resetSession();
    setUpMobileLayout();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });
}

export function signIn(sub = '7') {
  const token = storeTestSignIn(runtimeConfig().WebSite.UserClient.ClientID, sub);
  useSessionStore.getState().setToken(token);
}

/**
 * Renders one screen at `path` in a memory router with a fresh query client; every other path
 * shows where the person went, so a test can read it.
 */
export function renderScreen(Screen: ComponentType, path: string, routePath?: string) {
  const pathname = routePath ?? new URL(path, 'http://x').pathname;
  const router = createMemoryRouter(
    [
      { path: pathname, element: <Screen /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  // As the app's client: failures are not retried (the HTTP layer has already told the person).
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Runs a feature's headless hook as any view would: inside a router at `path`, with queries. */
export function renderFeatureHook<T>(hook: () => T, path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper }), queryClient };
}
