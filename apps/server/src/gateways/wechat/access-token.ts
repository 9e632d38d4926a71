import type { KeyValueStore } from '../../platform/kv-store.js';

/** The official account whose JS-SDK pages are signed and whose template messages are sent. */
export interface WeChatApiSettings {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
}

/** A cached token or ticket is dropped this long before WeChat's own expiry (2 hours), then fetched anew. */
export const REFRESH_MARGIN_SECONDS = 300;
/** WeChat's answers when the access token is no longer valid: fetch a new one and ask again. */
export const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);

/** What WeChat's JSON APIs answer: errcode/errmsg, and the field asked for. */
export interface WeChatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
  msgid?: number;
}

export class WeChatApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`WeChat API ${code}: ${message}`);
  }
}

/** How long to keep what WeChat gave for expiresIn seconds: a few minutes less. */
export const keepFor = (expiresIn: number | undefined) =>
  Math.max(60, (expiresIn ?? 7200) - REFRESH_MARGIN_SECONDS);

/**
 * The 公众号's access_token (/cgi-bin/token, client_credential), kept in the shared store (Redis
 * when configured, so every instance uses one token; memory otherwise) until a few minutes before
 * it expires. `drop` forgets it when WeChat says it is stale (40001, 42001).
 */
export function createAccessTokenSource(
  settings: WeChatApiSettings,
  store: KeyValueStore,
  fetchImpl: typeof fetch = fetch,
) {
  const tokenKey = `wechat:access_token:${settings.appId}`;

  async function ask(
    path: string,
    query: Record<string, string>,
    body?: object,
  ): Promise<WeChatAnswer> {
    const url = new URL(path, settings.apiBase);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetchImpl(url, {
      signal: AbortSignal.timeout(10_000),
      ...(body
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }
        : {}),
    });
    if (!response.ok) throw new WeChatApiError(response.status, `HTTP ${response.status}`);
    return (await response.json()) as WeChatAnswer;
  }

  async function token(): Promise<string> {
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

  /**
   * Asks an API that takes the access token; a stale token is fetched anew and the call made once
   * more. Returns WeChat's answer, errcode and all.
   */
  async function call(path: string, query: Record<string, string>, body?: object) {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await ask(path, { ...query, access_token: await token() }, body);
      if (attempt > 0 || !answer.errcode || !STALE_TOKEN_CODES.has(answer.errcode)) return answer;
      await store.delete(tokenKey);
    }
  }

  return { call };
}
