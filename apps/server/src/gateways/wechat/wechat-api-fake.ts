import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { listenOnLoopback, receiveJsonCall, type FakeCall } from '../fake-server.js';

/** A template message as WeChat received it (POST /cgi-bin/message/template/send). */
export interface ReceivedTemplateMessage {
  touser: string;
  template_id: string;
  url?: string;
  data: Record<string, { value: string }>;
}

/** WeChat's limits on a keyword's value by type, which it refuses a message for (47003). */
const KEYWORD_LIMITS: Record<string, number> = { thing: 20, phrase: 5 };

export interface FakeWeChatApi {
  baseUrl: string;
  /** The template messages WeChat accepted, in order. */
  templateMessages: ReceivedTemplateMessage[];
  /** Followers who have unfollowed the 公众号 (43004). */
  unfollowed: Set<string>;
  /** Every call, in order: its path and query. */
  calls: FakeCall[];
  /** The ticket WeChat handed out last (what a genuine signature must be made with). */
  currentTicket(): string;
  /** Makes the current access token invalid, as WeChat does when another one is fetched. */
  expireToken(): void;
  close(): Promise<void>;
}

/**
 * A local api.weixin.qq.com speaking the documented wire protocol of /cgi-bin/token,
 * /cgi-bin/ticket/getticket and /cgi-bin/message/template/send (JSON answers with errcode/errmsg,
 * 7200-second lifetimes).
 */
export async function startFakeWeChatApi(app: {
  appId: string;
  appSecret: string;
  /** The templates the 公众号 has added (template_id → its keywords). */
  templates?: Record<string, string[]>;
}): Promise<FakeWeChatApi> {
  const calls: FakeWeChatApi['calls'] = [];
  const templateMessages: ReceivedTemplateMessage[] = [];
  const unfollowed = new Set<string>();
  let token = '';
  let ticket = '';
  const server = http.createServer(async (request, response) => {
    const { url, query, send } = receiveJsonCall(request, response, calls);
    if (url.pathname === '/cgi-bin/message/template/send') {
      if (request.method !== 'POST') return send({ errcode: 43002, errmsg: 'require POST method' });
      if (!token || query.access_token !== token)
        return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedTemplateMessage;
      const keywords = app.templates?.[message.template_id];
      if (!keywords) return send({ errcode: 40037, errmsg: 'invalid template_id' });
      if (!/^o[\w-]{20,}$/.test(message.touser ?? ''))
        return send({ errcode: 40003, errmsg: 'invalid openid' });
      if (unfollowed.has(message.touser))
        return send({ errcode: 43004, errmsg: 'require subscribe' });
      for (const [keyword, { value }] of Object.entries(message.data ?? {})) {
        const limit = KEYWORD_LIMITS[keyword.replace(/\d+$/, '')];
        if (!keywords.includes(keyword) || (limit && [...value].length > limit))
          return send({
            errcode: 47003,
            errmsg: `argument invalid! data.${keyword}.value invalid`,
          });
      }
      templateMessages.push(message);
      return send({ errcode: 0, errmsg: 'ok', msgid: templateMessages.length });
    }
    if (url.pathname === '/cgi-bin/token') {
      if (query.grant_type !== 'client_credential' || query.appid !== app.appId)
        return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (query.secret !== app.appSecret)
        return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      token = randomBytes(24).toString('base64url');
      return send({ access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (!token || query.access_token !== token)
        return send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
      if (query.type !== 'jsapi') return send({ errcode: 40097, errmsg: 'invalid args' });
      ticket = randomBytes(32).toString('base64url');
      return send({ errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 });
    }
    response.writeHead(404).end();
  });
  const { baseUrl, close } = await listenOnLoopback(server);
  return {
    baseUrl,
    templateMessages,
    unfollowed,
    calls,
    currentTicket: () => ticket,
    expireToken: () => {
      token = `expired-${token}`;
    },
    close,
  };
}
