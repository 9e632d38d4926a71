import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../domain/errors.js';
import { ownAddress, ownOrigins } from '../../platform/own-addresses.js';
import type { AppDeps } from '../../platform/deps.js';
import type { GatewayContext } from '../index.js';
import type { WeChatGateway, WeChatUser } from '../../domain/ports.js';
import { createJsApiTicketSource } from './jsapi-ticket.js';
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

/** The sandbox's fake user: the same nickname always gives the same openId. */
export function sandboxUser(appId: string, nickName: string): WeChatUser {
  const digest = createHash('sha256').update(`${appId}:${nickName}`).digest('base64url');
  return { openId: `o${digest.slice(0, 27)}`, nickName, headImgUrl: '' };
}

export function createWeChatGateway(context: GatewayContext): WeChatGateway {
  const { config, store, secrets } = context;
  const { appId, appSecret, apiBase } = config.weChat;
  const source = appSecret ? createJsApiTicketSource({ appId, appSecret, apiBase }, store) : null;
  const devTicket = developmentTicket(secrets.cookieKeys[0] ?? '');
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
    authorizeUrl(returnUrl, state) {
      const url = new URL('/gateways/wechat/authorize', config.publicUrl);
      url.searchParams.set('redirect_uri', returnUrl);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchangeCode(code) {
      const stored = await store.take(codeKey(code));
      if (!stored) throw badRequest('微信授权已失效，请重新授权', { Code: '授权码无效或已使用' });
      return JSON.parse(stored) as WeChatUser;
    },
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;margin:0;display:flex;justify-content:center}main{background:#fff;max-width:420px;width:100%;min-height:100vh;padding:32px 24px;box-sizing:border-box;text-align:center}h1{font-size:20px}p{color:#555}label{display:block;text-align:left;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #ccc;border-radius:6px}button{margin-top:24px;width:100%;padding:12px;font-size:17px;color:#fff;background:#07c160;border:0;border-radius:6px}a{display:block;margin-top:16px;color:#576b95}</style></head><body><main>${body}</main></body></html>`;
}

/** Sandbox of WeChat's authorisation page: 确认授权 returns to redirect_uri with ?code=&state=. */
export async function registerWeChatRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Only back to this deployment's own pages: the sandbox is no open redirect.
  const origins = ownOrigins(deps.config);
  app.get<{ Querystring: { redirect_uri?: string; state?: string } }>(
    '/gateways/wechat/authorize',
    async (request, reply) => {
      const redirectUri = request.query.redirect_uri ?? '';
      const state = request.query.state ?? '';
      reply.type('text/html; charset=utf-8');
      if (!ownAddress(redirectUri, origins))
        return reply
          .status(400)
          .send(page('模拟微信授权', '<h1>授权请求无效</h1><p>回调地址不属于本站。</p>'));
      return page(
        '模拟微信授权',
        `<h1>模拟微信授权</h1><p>这是本地开发环境的微信授权模拟页，确认后将以下微信身份绑定到当前账号。</p>
<form method="get" action="/gateways/wechat/confirm">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="nickname">微信昵称</label><input id="nickname" name="nickname" value="${DEFAULT_NICKNAME}" maxlength="20">
<button type="submit">确认授权</button></form>
<a href="${escapeHtml(redirectUri)}">取消</a>`,
      );
    },
  );
  app.get<{ Querystring: { redirect_uri?: string; state?: string; nickname?: string } }>(
    '/gateways/wechat/confirm',
    async (request, reply) => {
      const { redirect_uri: redirectUri = '', state = '' } = request.query;
      const target = ownAddress(redirectUri, origins);
      if (!target)
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page('模拟微信授权', '<h1>授权请求无效</h1>'));
      const nickName = (request.query.nickname ?? '').trim().slice(0, 20) || DEFAULT_NICKNAME;
      const code = randomBytes(16).toString('base64url');
      await deps.store.set(
        codeKey(code),
        JSON.stringify(sandboxUser(deps.config.weChat.appId, nickName)),
        CODE_TTL_SECONDS,
      );
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return reply.redirect(target.toString(), 302);
    },
  );
}
