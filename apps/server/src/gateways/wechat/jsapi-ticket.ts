import type { KeyValueStore } from '../../platform/kv-store.js';

/** The official account whose JS-SDK pages are signed (公众号 AppID and AppSecret). */
export interface WeChatApiSettings {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
}

/** A cached token or ticket is dropped this long before WeChat's own expiry (2 hours), then fetched anew. */
export const REFRESH_MARGIN_SECONDS = 300;
/** WeChat's answers when the access token is no longer valid: fetch a new one and ask again. */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);

interface WeChatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

export class WeChatApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`WeChat API ${code}: ${message}`);
  }
}

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
  const tokenKey = `wechat:access_token:${settings.appId}`;
  const ticketKey = `wechat:jsapi_ticket:${settings.appId}`;
  let inFlight: Promise<string> | null = null;

  async function ask(path: string, query: Record<string, string>): Promise<WeChatAnswer> {
    const url = new URL(path, settings.apiBase);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new WeChatApiError(response.status, `HTTP ${response.status}`);
    return (await response.json()) as WeChatAnswer;
  }

  const keepFor = (expiresIn: number | undefined) =>
    Math.max(60, (expiresIn ?? 7200) - REFRESH_MARGIN_SECONDS);

  async function accessToken(): Promise<string> {
    const cached = await store.get(tokenKey);
    if (cached) return cached;
    const answer = await ask('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: settings.appId,
      secret: settings.appSecret,
    });
    if (!answer.access_token)
      throw new WeChatApiError(answer.errcode ?? -1, answer.errmsg ?? 'no access_token');
    await store.set(tokenKey, answer.access_token, keepFor(answer.expires_in));
    return answer.access_token;
  }

  async function fetchTicket(retry = true): Promise<string> {
    const answer = await ask('/cgi-bin/ticket/getticket', {
      access_token: await accessToken(),
      type: 'jsapi',
    });
    if (answer.errcode && STALE_TOKEN_CODES.has(answer.errcode) && retry) {
      await store.delete(tokenKey);
      return fetchTicket(false);
    }
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
