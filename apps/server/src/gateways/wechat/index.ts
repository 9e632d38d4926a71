import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../../domain/errors.js';
import { ownAddress, ownOrigins } from '../../platform/own-addresses.js';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import QRCode from 'qrcode';
import type { WeChatAuthWay, WeChatGateway, WeChatUser } from '../../domain/ports.js';
import { createJsApiTicketSource } from './jsapi-ticket.js';
import { CODE_REFUSED, createWeChatOAuth } from './oauth.js';
import { sandboxUser } from './sandbox-identity.js';
import { jsApiSignature } from './signature.js';
import { escapeHtml } from '../../platform/html.js';

export { jsApiSignature, withoutFragment } from './signature.js';

const CODE_TTL_SECONDS = 300;
const codeKey = (code: string) => `wechat:code:${code}`;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DEFAULT_NICKNAME = '微信用户';

function nonceStr(length = 16): string {
  return [...randomBytes(length)].map((b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('');
}

/**
 * Without WECHAT_APP_SECRET a development ticket is derived from the server's secrets: the
 * signature algorithm is WeChat's, but only a real ticket makes WeChat accept it.
 */
export function developmentTicket(seed: string): string {
  return `dev_${createHash('sha256').update(`jsapi:${seed}`).digest('base64url')}`;
}

/** The sandbox's website app (网站应用) when WECHAT_WEB_APP_ID is not set. */
const SANDBOX_WEB_APP_ID = 'wx1111111111111111';

const sandboxAppOf = (config: GatewayContext['config'], way: WeChatAuthWay) =>
  way === 'qr'
    ? { app: 'website' as const, appId: config.weChat.web.appId || SANDBOX_WEB_APP_ID }
    : { app: 'official' as const, appId: config.weChat.appId };

/**
 * WeChat's web authorisation: WeChat itself (createWeChatOAuth) when configured, else the sandbox
 * (its pages below play authorize and qrconnect; a code gives its user once), else refused.
 */
function createAuthorisation(context: GatewayContext) {
  const { config, store } = context;
  const { weChat } = config;
  if (weChat.oauth === 'wechat')
    return createWeChatOAuth({
      official: { appId: weChat.appId, appSecret: weChat.appSecret },
      website: weChat.web,
      openBase: weChat.openBase,
      apiBase: weChat.apiBase,
    });
  const off = () => badRequest('暂未开通微信授权，请使用手机号登录');
  return {
    authorizeUrl(returnUrl: string, state: string, way: WeChatAuthWay): string {
      if (weChat.oauth === 'off') throw off();
      const page = way === 'qr' ? '/gateways/wechat/qrconnect' : '/gateways/wechat/authorize';
      const url = new URL(page, config.publicUrl);
      url.searchParams.set('appid', sandboxAppOf(config, way).appId);
      url.searchParams.set('redirect_uri', returnUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', SANDBOX_SCOPES[way]);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchangeCode(code: string, way: WeChatAuthWay): Promise<WeChatUser> {
      if (weChat.oauth === 'off') throw off();
      const stored = await store.take(codeKey(code));
      const issued = stored ? (JSON.parse(stored) as { scope: string; nickName: string }) : null;
      // A code is for the app it was given by: one from the QR page is no 公众号 code.
      if (!issued || (issued.scope === SANDBOX_SCOPES.qr) !== (way === 'qr'))
        throw badRequest(CODE_REFUSED, { Code: '授权码无效或已使用' });
      return sandboxUser(sandboxAppOf(config, way), issued.nickName, way);
    },
  };
}

const SANDBOX_SCOPES: Record<WeChatAuthWay, string> = {
  userinfo: 'snsapi_userinfo',
  base: 'snsapi_base',
  qr: 'snsapi_login',
};

export function createWeChatGateway(context: GatewayContext): WeChatGateway {
  const { config, store, secrets } = context;
  const { appId, appSecret, apiBase } = config.weChat;
  const source = appSecret ? createJsApiTicketSource({ appId, appSecret, apiBase }, store) : null;
  const devTicket = developmentTicket(secrets.cookieKeys[0] ?? '');
  const authorisation = createAuthorisation(context);
  return {
    async signJsApi(pageUrl) {
      const ticket = source ? await source.ticket() : devTicket;
      const timestamp = Math.floor(Date.now() / 1000);
      const nonce = nonceStr();
      return {
        appId: config.weChat.appId,
        timestamp,
        nonceStr: nonce,
        signature: jsApiSignature({ ticket, nonceStr: nonce, timestamp, url: pageUrl }),
      };
    },
    authorizeUrl: (returnUrl, state, way) => authorisation.authorizeUrl(returnUrl, state, way),
    exchangeCode: (code, way) => authorisation.exchangeCode(code, way),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;margin:0;display:flex;justify-content:center}figure.qr{margin:16px auto;width:200px}figure.qr svg{display:block;width:200px;height:200px}main{background:#fff;max-width:420px;width:100%;min-height:100vh;padding:32px 24px;box-sizing:border-box;text-align:center}h1{font-size:20px}p{color:#555}label{display:block;text-align:left;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ccc;border-radius:6px}button{margin-top:24px;width:100%;padding:12px;font-size:17px;color:#fff;background:#057a43;border:0;border-radius:6px}a{display:block;margin-top:16px;color:#576b95}</style></head><body><main>${body}</main></body></html>`;
}

function confirmForm(query: { redirectUri: string; state: string; scope: string }, button: string) {
  return `<form method="get" action="/gateways/wechat/confirm">
<input type="hidden" name="redirect_uri" value="${escapeHtml(query.redirectUri)}">
<input type="hidden" name="state" value="${escapeHtml(query.state)}">
<input type="hidden" name="scope" value="${escapeHtml(query.scope)}">
<label for="nickname">微信昵称（模拟的微信身份，同一昵称即同一微信）</label><input id="nickname" name="nickname" value="${DEFAULT_NICKNAME}" maxlength="20">
<button type="submit">${button}</button></form>
<a href="${escapeHtml(query.redirectUri)}">取消</a>`;
}

type SandboxQuery = { redirect_uri?: string; state?: string; scope?: string; nickname?: string };

/**
 * The sandbox of WeChat's authorisation pages, the same protocol as WeChat's: authorize (inside
 * WeChat) and qrconnect (a PC's QR page) go back to redirect_uri with ?code=&state= once 确认;
 * the code gives its user once (exchangeCode above). Only back to this deployment's own pages.
 */
export async function registerWeChatRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const origins = new Set([...ownOrigins(deps.config), new URL(deps.config.authorityUrl).origin]);
  const invalid = (reply: FastifyReply) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(page('模拟微信授权', '<h1>授权请求无效</h1><p>回调地址不属于本站。</p>'));
  const queryOf = (request: { query: SandboxQuery }) => ({
    redirectUri: request.query.redirect_uri ?? '',
    state: request.query.state ?? '',
    scope: request.query.scope ?? '',
  });

  app.get<{ Querystring: SandboxQuery }>('/gateways/wechat/authorize', async (request, reply) => {
    const query = queryOf(request);
    if (!ownAddress(query.redirectUri, origins)) return invalid(reply);
    const silent = query.scope === SANDBOX_SCOPES.base;
    reply.type('text/html; charset=utf-8');
    return page(
      '模拟微信授权',
      `<h1>模拟微信授权</h1><p>这是本地开发环境的微信授权模拟页（${
        silent ? '静默授权：真实微信中不显示此页，只取得 openid' : '获取你的昵称和头像'
      }）。确认后回到本站。</p>${confirmForm(query, '确认授权')}`,
    );
  });

  app.get<{ Querystring: SandboxQuery }>('/gateways/wechat/qrconnect', async (request, reply) => {
    const query = { ...queryOf(request), scope: SANDBOX_SCOPES.qr };
    if (!ownAddress(query.redirectUri, origins)) return invalid(reply);
    // What a phone scanning WeChat's QR code would confirm: this sandbox's confirmation address.
    const scanned = new URL('/gateways/wechat/confirm', deps.config.publicUrl);
    scanned.searchParams.set('redirect_uri', query.redirectUri);
    scanned.searchParams.set('state', query.state);
    scanned.searchParams.set('scope', query.scope);
    const qr = await QRCode.toString(scanned.toString(), { type: 'svg', margin: 1, width: 200 });
    reply.type('text/html; charset=utf-8');
    return page(
      '微信登录（模拟）',
      `<h1>微信登录</h1><figure role="img" aria-label="模拟的微信登录二维码（仅作示意）" class="qr">${qr}</figure>
<p>真实环境中，用手机微信扫描二维码并确认后，本页会自动回到报名平台。</p>
<p>这是本地开发环境的模拟页，二维码仅作示意：请填写模拟的微信昵称，点“模拟扫码确认”。</p>
${confirmForm(query, '模拟扫码确认')}`,
    );
  });

  app.get<{ Querystring: SandboxQuery }>('/gateways/wechat/confirm', async (request, reply) => {
    const query = queryOf(request);
    const target = ownAddress(query.redirectUri, origins);
    if (!target) return invalid(reply);
    const scope = Object.values(SANDBOX_SCOPES).includes(query.scope)
      ? query.scope
      : SANDBOX_SCOPES.userinfo;
    const nickName = (request.query.nickname ?? '').trim().slice(0, 20) || DEFAULT_NICKNAME;
    const code = randomBytes(16).toString('base64url');
    await deps.store.set(codeKey(code), JSON.stringify({ scope, nickName }), CODE_TTL_SECONDS);
    target.searchParams.set('code', code);
    target.searchParams.set('state', query.state);
    return reply.redirect(target.toString(), 302);
  });
}
