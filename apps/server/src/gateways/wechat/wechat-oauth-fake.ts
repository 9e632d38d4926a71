import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { listenOnLoopback, receiveJsonCall, type FakeCall } from '../fake-server.js';

/** A WeChat user as the fake knows them: the same person in every app, one unionid. */
export interface FakeWeChatPerson {
  nickname: string;
  headimgurl?: string;
  /** Without it the open-platform account has no unionid for this person (WeChat then omits it). */
  unionid?: string;
}

export interface FakeWeChatOAuth {
  /** open.weixin.qq.com and api.weixin.qq.com, both here. */
  baseUrl: string;
  calls: FakeCall[];
  /** Who is signed in to WeChat on the phone (or scans the QR code) when a page is opened. */
  actAs(person: FakeWeChatPerson): void;
  /** The openid WeChat gives this person in this app. */
  openIdOf(appId: string, person: FakeWeChatPerson): string;
  /** Every code handed out so far becomes older than WeChat's 5 minutes. */
  expireCodes(): void;
  close(): Promise<void>;
}

interface Issued {
  appId: string;
  person: FakeWeChatPerson;
  scope: string;
  used: boolean;
  expired: boolean;
}

/**
 * A local WeChat of 网页授权: /connect/oauth2/authorize (公众号, snsapi_base or snsapi_userinfo) and
 * /connect/qrconnect (网站应用, snsapi_login) approve at once as the person acting and go back to
 * redirect_uri with ?code=&state=; /sns/oauth2/access_token spends a code once (40029 invalid,
 * 40163 used, 42003 expired), checking the app's secret; /sns/userinfo needs a userinfo or login
 * scope. JSON answers with errcode/errmsg as WeChat's.
 */
export async function startFakeWeChatOAuth(apps: {
  official: { appId: string; appSecret: string };
  website: { appId: string; appSecret: string };
}): Promise<FakeWeChatOAuth> {
  const calls: FakeWeChatOAuth['calls'] = [];
  const codes = new Map<string, Issued>();
  const tokens = new Map<string, { openid: string; issued: Issued }>();
  let acting: FakeWeChatPerson = { nickname: '微信用户' };
  const secretOf = new Map([
    [apps.official.appId, apps.official.appSecret],
    [apps.website.appId, apps.website.appSecret],
  ]);
  const openIdOf = (appId: string, person: FakeWeChatPerson) =>
    `o${createHash('sha256').update(`${appId}:${person.nickname}`).digest('base64url').slice(0, 27)}`;

  const server = http.createServer((request, response) => {
    const { url, query, send } = receiveJsonCall(request, response, calls);
    const authorize = (appId: string, scopes: string[]) => {
      if (query.appid !== appId || !scopes.includes(query.scope ?? '') || !query.redirect_uri) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return response.end('参数错误');
      }
      const code = randomBytes(16).toString('hex');
      codes.set(code, { appId, person: acting, scope: query.scope!, used: false, expired: false });
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.state ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    };
    if (url.pathname === '/connect/oauth2/authorize')
      return authorize(apps.official.appId, ['snsapi_base', 'snsapi_userinfo']);
    if (url.pathname === '/connect/qrconnect')
      return authorize(apps.website.appId, ['snsapi_login']);
    if (url.pathname === '/sns/oauth2/access_token') {
      const secret = secretOf.get(query.appid ?? '');
      if (secret === undefined) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (query.secret !== secret) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (query.grant_type !== 'authorization_code')
        return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      const issued = codes.get(query.code ?? '');
      if (!issued || issued.appId !== query.appid)
        return send({ errcode: 40029, errmsg: 'invalid code' });
      if (issued.used) return send({ errcode: 40163, errmsg: 'code been used' });
      if (issued.expired) return send({ errcode: 42003, errmsg: 'code expired' });
      issued.used = true;
      const openid = openIdOf(issued.appId, issued.person);
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { openid, issued });
      return send({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('base64url'),
        openid,
        scope: issued.scope,
        ...(issued.person.unionid ? { unionid: issued.person.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const token = tokens.get(query.access_token ?? '');
      if (!token)
        return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
      if (token.openid !== query.openid) return send({ errcode: 40003, errmsg: 'invalid openid' });
      if (token.issued.scope === 'snsapi_base')
        return send({ errcode: 48001, errmsg: 'api unauthorized' });
      const { person } = token.issued;
      return send({
        openid: token.openid,
        nickname: person.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: person.headimgurl ?? '',
        privilege: [],
        ...(person.unionid ? { unionid: person.unionid } : {}),
      });
    }
    response.writeHead(404).end();
  });
  const { baseUrl, close } = await listenOnLoopback(server);
  return {
    baseUrl,
    calls,
    actAs: (person) => {
      acting = person;
    },
    openIdOf,
    expireCodes: () => {
      for (const issued of codes.values()) issued.expired = true;
    },
    close,
  };
}
