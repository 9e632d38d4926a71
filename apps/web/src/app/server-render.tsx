// The server's drawing of a first screen (apps/server/src/host, built by `vite build --ssr` into
// dist/.ssr): the same routes, shell and pages as the SPA, drawn for a signed-out visitor from the
// host page's first answers, so a phone paints the page before its scripts arrive.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FirstScreenState } from '@portal/contracts';
import { dehydrate, type Query } from '@tanstack/react-query';
import { DOMParser } from 'linkedom';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { answerFromServerRender, loadRuntimeConfig, paths } from '../platform';
import { setHtmlParser } from '../shared/safe-html';
import { MobileShellWithUnread } from './mobile-app';
import { createQueryClient, Providers } from './providers';
import { buildRoutes } from './router';
import { MOBILE_ROUTES } from './routes/mobile-routes';

export interface FirstScreenRender {
  /** The inside of #root. */
  html: string;
  state: FirstScreenState;
}

export interface FirstScreenRequest {
  /** The page's full address. */
  url: string;
  /** The host page's runtime config object (§3). */
  runtimeConfig: unknown;
  /** The host page's first answers, by firstAnswerKey. */
  firstAnswers: Record<string, unknown>;
}

/** Queries first drawn pending are fetched and the page drawn again, to this many drawings. */
const MAX_DRAWINGS = 3;

const renderAnswers = new AsyncLocalStorage<ReadonlyMap<string, unknown>>();
answerFromServerRender(() => renderAnswers.getStore() ?? new Map());
// Rich text is sanitised as in the browser, on linkedom's document (which wants an <html> around).
setHtmlParser(
  (html) =>
    new DOMParser().parseFromString(
      /<html[\s>]/i.test(html) ? html : `<html>${html}</html>`,
      'text/html',
    ) as unknown as Document,
);

/** Pages behind sign-in are not drawn: the server draws for a signed-out visitor. */
const routes = buildRoutes(MOBILE_ROUTES, MobileShellWithUnread, (_url, handles) =>
  Promise.resolve(handles.some((h) => h.login) ? paths.authLogin() : null),
);
const handler = createStaticHandler(routes);

let loadedConfig: unknown;
let configUsable = false;

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/**
 * Draws a mobile first screen, or answers null when it cannot be drawn as the visitor's browser
 * would: a redirect, an error, or a call the first answers do not hold.
 */
export async function renderFirstScreen(
  request: FirstScreenRequest,
): Promise<FirstScreenRender | null> {
  // The host passes one config object for its lifetime: it is checked once, not per page.
  if (request.runtimeConfig !== loadedConfig) {
    configUsable = loadRuntimeConfig({}, request.runtimeConfig).ok;
    loadedConfig = request.runtimeConfig;
  }
  if (!configUsable) return null;
  return renderAnswers.run(new Map(Object.entries(request.firstAnswers)), async () => {
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    const draw = () =>
      renderToString(
        <Providers queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>,
      );
    for (let drawing = 1; drawing <= MAX_DRAWINGS; drawing += 1) {
      const html = draw();
      const queries = queryClient.getQueryCache().getAll();
      if (queries.some((q) => q.state.status === 'error')) return null;
      const pending = queries.filter((q) => q.state.status === 'pending' && isEnabled(q));
      if (pending.length === 0)
        return { html, state: { loaderData: context.loaderData, queries: dehydrate(queryClient) } };
      const fetched = await Promise.allSettled(pending.map((q) => q.fetch()));
      if (fetched.some((result) => result.status === 'rejected')) return null;
    }
    return null;
  });
}
