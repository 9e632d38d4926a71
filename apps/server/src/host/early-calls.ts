import {
  callsAt,
  type EarlyCalls,
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
  const calls = callsAt(SIGNED_IN_FIRST_CALLS[layout], url).map(
    ({ endpoint, key, pathAndQuery }) => ({
      key,
      url: `${config.serviceEndpoints[endpoint.service as ServiceId]}${pathAndQuery}`,
    }),
  );
  return calls.length > 0
    ? { storageKey: `${OIDC_USER_PREFIX}${config.oidcClientId}`, calls }
    : null;
}
