import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../platform/kv-store.js';
import { createWeChatGateway } from './index.js';
import { createJsApiTicketSource, REFRESH_MARGIN_SECONDS } from './jsapi-ticket.js';
import { jsApiSignature } from './signature.js';
import { startFakeWeChatApi, type FakeWeChatApi } from './wechat-api-fake.js';
import { loadConfig } from '../../config.js';
import type { ServerSecrets } from '../../platform/secrets.js';

const APP = { appId: 'wx1234567890abcdef', appSecret: 'b'.repeat(32) };

describe('WeChat JS-SDK: the jsapi_ticket from WeChat, cached and refreshed before it expires', () => {
  let fake: FakeWeChatApi;
  let clock = Date.now();
  const now = () => clock;
  beforeAll(async () => {
    fake = await startFakeWeChatApi(APP);
  });
  afterAll(() => fake.close());

  const paths = () => fake.calls.map((c) => c.path);

  it('fetches the access token, then the ticket, once for many signatures; signs with the ticket WeChat gave', async () => {
    fake.calls.length = 0;
    const store = createMemoryStore(now);
    const config = loadConfig({
      NODE_ENV: 'test',
      WECHAT_APP_ID: APP.appId,
      WECHAT_APP_SECRET: APP.appSecret,
      WECHAT_API_BASE: fake.baseUrl,
    });
    const gateway = createWeChatGateway({
      config,
      store,
      secrets: { cookieKeys: ['k'] } as unknown as ServerSecrets,
    });
    const page = 'https://portal.example.com/views/home?x=1#share';
    const signed = await Promise.all([1, 2, 3].map(() => gateway.signJsApi(page)));
    expect(paths()).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
    expect(fake.calls[0]!.query).toMatchObject({
      grant_type: 'client_credential',
      appid: APP.appId,
      secret: APP.appSecret,
    });
    expect(fake.calls[1]!.query.type).toBe('jsapi');
    for (const s of signed) {
      expect(s.appId).toBe(APP.appId);
      expect(s.signature).toBe(
        jsApiSignature({
          ticket: fake.currentTicket(),
          nonceStr: s.nonceStr,
          timestamp: s.timestamp,
          url: page,
        }),
      );
    }
  });

  it('keeps the ticket until shortly before its 2 hours are up, then fetches a new one', async () => {
    fake.calls.length = 0;
    const store = createMemoryStore(now);
    const source = createJsApiTicketSource({ ...APP, apiBase: fake.baseUrl }, store);
    const first = await source.ticket();
    clock += (7200 - REFRESH_MARGIN_SECONDS - 10) * 1000;
    expect(await source.ticket()).toBe(first);
    expect(paths()).toHaveLength(2);
    clock += 20_000;
    const second = await source.ticket();
    expect(second).not.toBe(first);
    expect(second).toBe(fake.currentTicket());
    // The token expired together with it: a new token, then a new ticket.
    expect(paths()).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ]);
  });

  it('a token WeChat no longer accepts (40001) is fetched anew and the ticket asked again', async () => {
    fake.calls.length = 0;
    const store = createMemoryStore(now);
    const source = createJsApiTicketSource({ ...APP, apiBase: fake.baseUrl }, store);
    await source.ticket();
    await store.delete(`wechat:jsapi_ticket:${APP.appId}`);
    fake.expireToken();
    expect(await source.ticket()).toBe(fake.currentTicket());
    expect(paths().slice(2)).toEqual([
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ]);
  });

  it('a wrong AppSecret is an error with WeChat’s code, and nothing is cached', async () => {
    const store = createMemoryStore(now);
    const source = createJsApiTicketSource(
      { ...APP, appSecret: 'wrong', apiBase: fake.baseUrl },
      store,
    );
    await expect(source.ticket()).rejects.toMatchObject({ code: 40125 });
    expect(await store.get(`wechat:jsapi_ticket:${APP.appId}`)).toBeNull();
  });
});
