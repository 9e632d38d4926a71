// The server's drawing of a first screen (apps/server/src/host, built by `vite build --ssr` into
// dist/.ssr): the same routes, shells and pages as the SPA, drawn from the host page's first
// answers — for a signed-out visitor, or for the sign-in whose token asked a signed-in screen's
// calls — so the browser paints the page before its scripts arrive.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import {
  answerKeyOf,
  type DrawnSession,
  type Endpoint,
  type FirstScreenRender,
  type FirstScreenRequest,
  getMessageList,
  getUser,
  type PageLayout,
  type ResponseOf,
  UNREAD_COUNT_QUERY,
} from '@portal/contracts';
import { dehydrate, type Query } from '@tanstack/react-query';
import type * as Jsdom from 'jsdom';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createServerStyles } from '../layouts/desktop/server-styles';
import {
  answerFromServerRender,
  DrawnSessionContext,
  drawnSessionState,
  ElderModeDrawn,
  isDrawnIfAnswered,
  isLeftToTheBrowser,
  keepNoSessionInThisProcess,
  loadRuntimeConfig,
  paths,
} from '../platform';
import { setSanitizingWindow } from '../shared/safe-html';
import { DesktopShellWithSession } from './desktop-app';
import { MobileShellWithUnread } from './mobile-app';
import { createQueryClient, Providers } from './providers';
import { buildRoutes } from './router';
import { DESKTOP_ROUTES } from './routes/desktop-routes';
import { MOBILE_ROUTES } from './routes/mobile-routes';
import type { PageRoute } from './routes/route-table';

/** Queries first drawn pending are fetched and the page drawn again, to this many drawings. */
const MAX_DRAWINGS = 3;

/** The drawing under way: its first answers, and whether it is drawn for a signed-in visitor. */
interface Drawing {
  answers: ReadonlyMap<string, unknown>;
  signedIn: boolean;
}
const drawings = new AsyncLocalStorage<Drawing>();
answerFromServerRender(() => drawings.getStore()?.answers ?? new Map());
keepNoSessionInThisProcess();
// Rich text is sanitised as in the browser, by DOMPurify on a jsdom window, loaded at the first
// rich text drawn (jsdom is most of this renderer's memory; a list page draws none).
const requireFromHere = createRequire(import.meta.url);
setSanitizingWindow(() => {
  const { JSDOM } = requireFromHere('jsdom') as typeof Jsdom;
  return new JSDOM('').window;
});

/** A drawing's styles: a tree to draw inside, and what it wrote, for the page's head. */
interface StyleCollector {
  wrap: (tree: ReactNode) => ReactNode;
  extract: () => string;
}

/** The phone's components are styled by its stylesheets alone. */
const noStyles = (): StyleCollector => ({ wrap: (tree) => tree, extract: () => '' });

/** Pages behind sign-in are drawn only for a signed-in visitor. */
function layoutHandler(
  table: readonly PageRoute[],
  Shell: ComponentType,
  collectStyles: () => StyleCollector,
) {
  const routes = buildRoutes(table, Shell, (_url, handles) =>
    Promise.resolve(
      handles.some((h) => h.login) && !drawings.getStore()?.signedIn ? paths.authLogin() : null,
    ),
  );
  return { handler: createStaticHandler(routes), collectStyles };
}

// The layouts' setUp…Layout() are not run here: they make a toast or an antd message the app's
// notifier, which tells a person in the browser; on the server a failed call declines the drawing.
const LAYOUTS: Record<PageLayout, ReturnType<typeof layoutHandler>> = {
  mobile: layoutHandler(MOBILE_ROUTES, MobileShellWithUnread, noStyles),
  // antd writes its CSS while it renders: each drawing collects what it wrote.
  desktop: layoutHandler(DESKTOP_ROUTES, DesktopShellWithSession, createServerStyles),
};

let loadedConfig: unknown;
let configUsable = false;

/** A first answer's data, as the HTTP client would take it: checked with the call's schema. */
function answerData<E extends Endpoint>(
  answers: ReadonlyMap<string, unknown>,
  endpoint: E,
  input: Record<string, unknown> = {},
) {
  const envelope = answers.get(answerKeyOf(endpoint, input)) as { Data?: unknown } | undefined;
  const parsed = endpoint.response.safeParse(envelope?.Data);
  return parsed.success ? (parsed.data as ResponseOf<E>) : undefined;
}

/**
 * A signed-in screen's session as drawn: the profile the browser's guard loads before the screen,
 * and the badge's number. Null when the answers lack the profile: then it is not drawn.
 */
function drawnSessionOf(
  answers: ReadonlyMap<string, unknown>,
  drawnFor: string,
): DrawnSession | null {
  const profile = answerData(answers, getUser);
  if (!profile) return null;
  const unread = answerData(answers, getMessageList, UNREAD_COUNT_QUERY);
  return { drawnFor, profile, unreadNoticeCount: unread?.UnreadCount ?? 0 };
}

const isEnabled = (query: Query) => {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/**
 * Draws a first screen in the request's layout, or answers null when it cannot be drawn as the
 * visitor's browser would: a redirect, an error, or a call the first answers do not hold.
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
  const { handler, collectStyles } = LAYOUTS[request.layout];
  const answers = new Map(Object.entries(request.firstAnswers));
  const session = request.signedInAs ? drawnSessionOf(answers, request.signedInAs) : null;
  if (request.signedInAs && !session) return null;
  const signedIn = session !== null;
  const sessionDrawn = session ? drawnSessionState(session) : null;
  return drawings.run({ answers, signedIn }, async () => {
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const queryClient = createQueryClient();
    for (let drawing = 1; drawing <= MAX_DRAWINGS; drawing += 1) {
      // Each drawing collects its own styles: a skeleton drawn while a query was pending is gone.
      const styles = collectStyles();
      const html = renderToString(
        styles.wrap(
          <ElderModeDrawn.Provider value={request.elder}>
            <DrawnSessionContext.Provider value={sessionDrawn}>
              <Providers queryClient={queryClient}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </Providers>
            </DrawnSessionContext.Provider>
          </ElderModeDrawn.Provider>,
        ),
      );
      const queries = queryClient.getQueryCache().getAll();
      // A failed call declines the drawing, seen here at the drawing after its fetch; a follow-up
      // the host could not answer fails too, and its screen is drawn without it.
      if (queries.some((q) => q.state.status === 'error' && !isDrawnIfAnswered(q.meta)))
        return null;
      const pending = queries.filter(
        (q) => q.state.status === 'pending' && isEnabled(q) && !isLeftToTheBrowser(q.meta),
      );
      if (pending.length === 0)
        return {
          html,
          head: styles.extract(),
          state: {
            loaderData: context.loaderData,
            queries: dehydrate(queryClient),
            ...(session ? { session } : {}),
          },
        };
      await Promise.allSettled(pending.map((q) => q.fetch()));
    }
    return null;
  });
}
