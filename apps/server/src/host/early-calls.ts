import {
  appendQuery,
  type EarlyCalls,
  firstAnswerKey,
  OIDC_USER_PREFIX,
  type PageLayout,
  type ServiceId,
  SIGNED_IN_FIRST_CALLS,
} from '@portal/contracts';
import type { ServerConfig } from '../config.js';

/**
 * A signed-in screen's first calls (SIGNED_IN_FIRST_CALLS) at the addresses the SPA would call, for
 * the page's first script to send with the stored token before the app loads; null for a page
 * that has none. The server sends nothing itself: it cannot see the token, which the browser keeps.
 */
export function earlyCallsFor(
  config: ServerConfig,
  layout: PageLayout,
  url: URL,
): EarlyCalls | null {
  const calls = (SIGNED_IN_FIRST_CALLS[layout][url.pathname.replace(/\/+$/, '')] ?? []).flatMap(
    ({ endpoint, input }) => {
      const values = input(url.searchParams);
      if (!values) return [];
      const params = new URLSearchParams();
      appendQuery(params, values);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      const base = config.serviceEndpoints[endpoint.service as ServiceId];
      return [{ key: firstAnswerKey(endpoint, params), url: `${base}${endpoint.path}${query}` }];
    },
  );
  return calls.length > 0
    ? { storageKey: `${OIDC_USER_PREFIX}${config.oidcClientId}`, calls }
    : null;
}
