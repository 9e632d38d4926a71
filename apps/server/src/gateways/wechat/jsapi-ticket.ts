import type { KeyValueStore } from '../../platform/kv-store.js';
import {
  createAccessTokenSource,
  keepFor,
  WeChatApiError,
  type WeChatApiSettings,
} from './access-token.js';

export { REFRESH_MARGIN_SECONDS, WeChatApiError, type WeChatApiSettings } from './access-token.js';

/**
 * The JS-SDK's jsapi_ticket, fetched with the access token (JS-SDK docs, appendix 1) and kept in
 * the shared store (Redis when configured, so every instance uses one ticket; memory otherwise)
 * until a few minutes before it expires. One fetch at a time per process.
 */
export function createJsApiTicketSource(
  settings: WeChatApiSettings,
  store: KeyValueStore,
  fetchImpl: typeof fetch = fetch,
) {
  const ticketKey = `wechat:jsapi_ticket:${settings.appId}`;
  const api = createAccessTokenSource(settings, store, fetchImpl);
  let inFlight: Promise<string> | null = null;

  async function fetchTicket(): Promise<string> {
    const answer = await api.call('/cgi-bin/ticket/getticket', { type: 'jsapi' });
    if (answer.errcode || !answer.ticket)
      throw new WeChatApiError(answer.errcode ?? -1, answer.errmsg ?? 'no ticket');
    await store.set(ticketKey, answer.ticket, keepFor(answer.expires_in));
    return answer.ticket;
  }

  return {
    async ticket(): Promise<string> {
      const cached = await store.get(ticketKey);
      if (cached) return cached;
      inFlight ??= fetchTicket().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
