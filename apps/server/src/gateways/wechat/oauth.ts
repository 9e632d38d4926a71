import { badRequest } from '../../domain/errors.js';
import type { WeChatAuthWay, WeChatUser } from '../../domain/ports.js';
import { WeChatApiError } from './access-token.js';

/** The two apps of WeChat's web authorisation and where WeChat's pages and API are. */
export interface WeChatOAuthSettings {
  /** The 公众号 (official account): 网页授权 inside WeChat. */
  official: { appId: string; appSecret: string };
  /** The website app (网站应用) of the open platform: QR sign-in on a PC. */
  website: { appId: string; appSecret: string };
  /** https://open.weixin.qq.com, or a local fake in tests. */
  openBase: string;
  /** https://api.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
}

/**
 * WeChat's answers for a code that cannot be used: invalid (40029), already used (40163), expired
 * (42003), missing (41008). The visitor authorises again.
 */
const SPENT_CODE_ERRORS = new Set([40029, 40163, 42003, 41008]);
export const CODE_REFUSED = '微信授权已失效，请重新授权';

interface AccessTokenAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  openid?: string;
  unionid?: string;
  scope?: string;
}
interface UserInfoAnswer {
  errcode?: number;
  errmsg?: string;
  openid?: string;
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
}

const SCOPES: Record<WeChatAuthWay, string> = {
  userinfo: 'snsapi_userinfo',
  base: 'snsapi_base',
  qr: 'snsapi_login',
};

/**
 * WeChat's web authorisation (公众号网页授权 and 网站应用微信登录): the authorisation page's
 * address, then the code exchanged at /sns/oauth2/access_token for the openid (and unionid), and
 * for the userinfo and QR ways /sns/userinfo for the nickname and avatar. The openid only ever
 * comes from WeChat's answer to our secret and the code.
 */
export function createWeChatOAuth(settings: WeChatOAuthSettings, fetchImpl: typeof fetch = fetch) {
  const appOf = (way: WeChatAuthWay) => (way === 'qr' ? settings.website : settings.official);

  async function ask<T extends { errcode?: number; errmsg?: string }>(
    path: string,
    query: Record<string, string>,
  ): Promise<T> {
    const url = new URL(path, settings.apiBase);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new WeChatApiError(response.status, `HTTP ${response.status}`);
    const answer = (await response.json()) as T;
    if (answer.errcode && SPENT_CODE_ERRORS.has(answer.errcode))
      throw badRequest(CODE_REFUSED, { Code: '授权码无效或已使用' });
    if (answer.errcode) throw new WeChatApiError(answer.errcode, answer.errmsg ?? 'refused');
    return answer;
  }

  return {
    authorizeUrl(returnUrl: string, state: string, way: WeChatAuthWay): string {
      const page = way === 'qr' ? '/connect/qrconnect' : '/connect/oauth2/authorize';
      const url = new URL(page, settings.openBase);
      // WeChat reads its parameters in this order, and the address must end in #wechat_redirect.
      url.searchParams.set('appid', appOf(way).appId);
      url.searchParams.set('redirect_uri', returnUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', SCOPES[way]);
      url.searchParams.set('state', state);
      url.hash = 'wechat_redirect';
      return url.toString();
    },

    async exchangeCode(code: string, way: WeChatAuthWay): Promise<WeChatUser> {
      const app = appOf(way);
      const token = await ask<AccessTokenAnswer>('/sns/oauth2/access_token', {
        appid: app.appId,
        secret: app.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      if (!token.access_token || !token.openid)
        throw new WeChatApiError(-1, 'no access_token or openid');
      const user: WeChatUser = {
        app: way === 'qr' ? 'website' : 'official',
        openId: token.openid,
        unionId: token.unionid ?? null,
        nickName: '',
        headImgUrl: '',
      };
      if (way === 'base') return user;
      const info = await ask<UserInfoAnswer>('/sns/userinfo', {
        access_token: token.access_token,
        openid: token.openid,
        lang: 'zh_CN',
      });
      if (info.openid !== token.openid) throw new WeChatApiError(-1, 'userinfo of another openid');
      return {
        ...user,
        unionId: info.unionid ?? user.unionId,
        nickName: info.nickname ?? '',
        headImgUrl: info.headimgurl ?? '',
      };
    },
  };
}
