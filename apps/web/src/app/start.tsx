import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenState } from '@portal/contracts';
import { startTransition, StrictMode } from 'react';
import { z } from 'zod';
import { createRoot, hydrateRoot } from '../shared/react-dom-client';
import {
  deviceTypeOf,
  loadRuntimeConfig,
  readDataIsland,
  rememberEntryUrl,
  useLayoutStore,
} from '../platform';
import { ConfigErrorPage } from './config-error-page';
import { Providers } from './providers';

// One import per function: a conditional around two import() calls made vite preload both chunks.
const loadMobileLayout = () => import('./mobile-app');
const loadDesktopLayout = () => import('./desktop-app');

/** The host page's server-drawn first screen (apps/server/src/host), when it carries one. */
function firstScreenState(): FirstScreenState | null {
  const state = readDataIsland(FIRST_SCREEN_ELEMENT_ID) as Partial<FirstScreenState> | null;
  return state && typeof state.loaderData === 'object' && state.loaderData !== null
    ? {
        loaderData: state.loaderData,
        queries: state.queries,
        ...(state.session ? { session: state.session } : {}),
      }
    : null;
}

/**
 * Starts the app: the layout for this device, over the server's drawing when there is one. Called
 * by main.tsx; this module itself does nothing when evaluated, so that a chunk importing the code
 * that shares its chunk never starts the app early.
 */
export function start(): Promise<void> {
  // Our CSP refuses eval: zod would try `new Function` once to see whether it may compile its
  // parsers, and the refusal is logged as a violation (Firefox shows it as an error).
  z.config({ jitless: true });
  // §7: iOS WeChat signs against the address the visitor entered by, before the router changes it.
  rememberEntryUrl();
  const container = document.getElementById('root') as HTMLElement;
  const config = loadRuntimeConfig();

  if (!config.ok) {
    createRoot(container).render(<ConfigErrorPage problems={config.problems} />);
    return Promise.resolve();
  }
  // §2: the layout is chosen once, by the user agent (or the preview's phone frame); each lives in
  // its own chunk with its UI library.
  const device = deviceTypeOf(navigator.userAgent, window.location);
  useLayoutStore.getState().setDevice(device);
  const layout = device === 'mobile' ? loadMobileLayout() : loadDesktopLayout();
  // A failure to load or build the layout is main.tsx's to show.
  return layout
    .then(({ createApp }) => createApp(firstScreenState()))
    .then(({ App, queryClient, hydrates }) => {
      const app = (
        <StrictMode>
          <Providers queryClient={queryClient}>
            <App />
          </Providers>
        </StrictMode>
      );
      // As a transition, React hydrates in slices that yield to the phone between them (a
      // tap included) instead of in one long task. Otherwise the screen is drawn anew, in
      // place of the server's.
      if (hydrates) startTransition(() => void hydrateRoot(container, app));
      else createRoot(container).render(app);
    });
}
