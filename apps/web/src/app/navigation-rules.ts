import {
  getPageConfig,
  PAGE_CONFIG_ELEMENT_ID,
  type ResponseOf,
  type RuntimeConfig,
} from '@portal/contracts';
import {
  APP_TITLE,
  callEndpoint,
  isWithin,
  loadProfile,
  paths,
  readDataIsland,
  refreshShareLink,
  refreshSignIn,
  rememberNextPath,
  type RouteHandle,
  runtimeConfig,
  useLayoutStore,
  useSessionStore,
} from '../platform';

/** §2 §9 */
export const DEFAULT_BACKGROUND = '#F7F8FA';

/** §2: login, callback and loginout pass without checks. */
const PASS_THROUGH = new Set<string>([
  paths.authLogin(),
  paths.authCallback(),
  paths.authLoginout(),
]);

/** §2: title = route title + app title. */
export function documentTitle(routeTitle: string): string {
  return routeTitle ? `${routeTitle}-${APP_TITLE}` : APP_TITLE;
}

/** §2: flow-preview mode uses /views/flowPreview/login as its login target. */
export function loginTargetFor(pathname: string): string {
  return isWithin(pathname, 'flowPreview') ? paths.flowPreviewLogin() : paths.authLogin();
}

type PageConfig = ResponseOf<typeof getPageConfig>;

export interface NavigationGuardDeps {
  config: () => RuntimeConfig;
  /** Leaves the app for another site. */
  goExternal: (url: string) => void;
  /** The site's page config as the host page carries it, when it does. */
  hostPageConfig?: () => PageConfig | undefined;
}

/** The host page's copy of GetPageConfig's answer (apps/server/src/host), when well-formed. */
export function hostPageConfig(): PageConfig | undefined {
  const parsed = getPageConfig.response.safeParse(readDataIsland(PAGE_CONFIG_ELEMENT_ID));
  return parsed.success ? parsed.data : undefined;
}

const browserDeps: NavigationGuardDeps = {
  config: runtimeConfig,
  goExternal: (url) => {
    window.location.href = url;
  },
  hostPageConfig,
};

/** The §2 rules run before each navigation; answers where to go instead, or null to go on. */
export function createNavigationGuard(deps: NavigationGuardDeps = browserDeps) {
  let pageConfigChecked = false;

  async function checkPageConfig(): Promise<'left' | 'stay'> {
    try {
      const page = await callEndpoint(getPageConfig, { Domain: window.location.host });
      if (page.IsNotFound) {
        deps.goExternal(deps.config().WebSite.UserClient.ClientDomain);
        return 'left';
      }
      pageConfigChecked = true;
    } catch {
      // The HTTP layer has told the person; the check runs again on the next navigation.
    }
    return 'stay';
  }

  /**
   * §2: the first navigation fetches the page config. When the host page carries the answer the
   * first screen goes on with it at once, and the call is still made (its IsNotFound still leaves).
   */
  async function firstPageConfig(): Promise<'left' | 'stay'> {
    const carried = deps.hostPageConfig?.();
    if (!carried) return checkPageConfig();
    if (carried.IsNotFound) {
      deps.goExternal(deps.config().WebSite.UserClient.ClientDomain);
      return 'left';
    }
    pageConfigChecked = true;
    void checkPageConfig();
    return 'stay';
  }

  return async function guard(url: URL, handles: readonly RouteHandle[]): Promise<string | null> {
    if (PASS_THROUGH.has(url.pathname)) return null;
    const config = deps.config();
    // §6: the session takes the stored token before any call, the page config's included.
    const signedIn = refreshSignIn(config);
    const needsLogin = handles.some((h) => h.login);
    // The profile is asked for beside the page config, not after it: a round trip less before a
    // signed-in screen. A failed load has been reported by the HTTP layer (a 401 leads to login).
    const profileLoaded =
      needsLogin && signedIn && !useSessionStore.getState().userData
        ? loadProfile().catch(() => undefined)
        : undefined;
    // §2: the first navigation fetches the page config.
    if (!pageConfigChecked && (await firstPageConfig()) === 'left') return null;

    if (!needsLogin) return null;
    if (!signedIn) {
      rememberNextPath(`${url.pathname}${url.search}`);
      return loginTargetFor(url.pathname);
    }
    await profileLoaded;
    return null;
  };
}

/** §2: what every finished navigation does to the page. */
export function afterNavigation(
  handle: RouteHandle,
  path: string,
  href: string,
  { scrollToTop = true } = {},
): void {
  document.title = documentTitle(handle.title);
  document.body.style.backgroundColor = handle.background ?? DEFAULT_BACKGROUND;
  if (scrollToTop) window.scrollTo(0, 0);
  refreshShareLink(href, handle.share);
  useLayoutStore.getState().addView({ path, title: handle.title });
}
