import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { listenOnLoopback, receiveJsonCall, type FakeCall } from '../fake-server.js';

export interface FakeWeChatApi {
  baseUrl: string;
  /** Every call, in order: its path and query. */
  calls: FakeCall[];
  /** The ticket WeChat handed out last (what a genuine signature must be made with). */
  currentTicket(): string;
  /** Makes the current access token invalid, as WeChat does when another one is fetched. */
  expireToken(): void;
  close(): Promise<void>;
}

/**
 * A local api.weixin.qq.com speaking the documented wire protocol of /cgi-bin/token and
 * /cgi-bin/ticket/getticket (JSON answers with errcode/errmsg, 7200-second lifetimes).
 */
export async function startFakeWeChatApi(app: {
  appId: string;
  appSecret: string;
}): Promise<FakeWeChatApi> {
  const calls: FakeWeChatApi['calls'] = [];
  let token = '';
  let ticket = '';
  const server = http.createServer((request, response) => {
    const { url, query, send } = receiveJsonCall(request, response, calls);
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
    calls,
    currentTicket: () => ticket,
    expireToken: () => {
      token = `expired-${token}`;
    },
    close,
  };
}
