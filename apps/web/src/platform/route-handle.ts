import { useMatches } from 'react-router';

/** What a route declares about itself (§2); the route tables set it, the shells and rules read it. */
export interface RouteHandle {
  title: string;
  /** §2: "login needed". */
  login?: boolean;
  /** §2: the page background; #F7F8FA unless set. */
  background?: string;
  /** Mobile: a tab-bar page. */
  tab?: boolean;
  /** §9: what a WeChat share of this page says; the configured defaults fill the rest. */
  share?: RouteShare;
}

/** §7 WeChat share data a route may set; each missing field comes from DefaultGlobalWeChatShare. */
export interface RouteShare {
  title?: string;
  desc?: string;
  link?: string;
  imgUrl?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The handles of the matched routes, outermost first. */
export function routeHandles(matches: readonly { handle?: unknown }[]): RouteHandle[] {
  return matches.map((m) => m.handle).filter(isRouteHandle);
}

/** The innermost matched route's handle: it names the page. */
export function deepestHandle(matches: readonly { handle?: unknown }[]): RouteHandle {
  return routeHandles(matches).at(-1) ?? { title: '' };
}

export function useRouteHandle(): RouteHandle {
  return deepestHandle(useMatches());
}
