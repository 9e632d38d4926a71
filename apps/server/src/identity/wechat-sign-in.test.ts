import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { startFakeWeChatOAuth } from '../gateways/wechat/wechat-oauth-fake.js';
import {
  accessTokenOf,
  callbackUrlOf,
  CookieBrowser,
  openInteraction,
  useIdentityTestServer,
} from './test-server.js';

const official = { appId: 'wxofficial0000001', appSecret: 'official-secret' };
const website = { appId: 'wxwebsite00000001', appSecret: 'website-secret' };
const fake = await startFakeWeChatOAuth({ official, website });
afterAll(() => fake.close());

const server = useIdentityTestServer({
  WECHAT_APP_ID: official.appId,
  WECHAT_APP_SECRET: official.appSecret,
  WECHAT_WEB_APP_ID: website.appId,
  WECHAT_WEB_APP_SECRET: website.appSecret,
  WECHAT_OPEN_BASE: fake.baseUrl,
  WECHAT_API_BASE: fake.baseUrl,
});

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';
const li = { nickname: '李明', headimgurl: 'https://wx.qlogo.cn/li/132', unionid: 'oUnionLi' };

/** Presses 微信登录 on a fresh sign-in page; where WeChat brings the browser back (not followed). */
async function pressWeChatSignIn(browser: CookieBrowser) {
  const { interactionUrl, page } = await openInteraction(server, browser);
  expect(page).toContain('微信登录');
  const toWeChat = await browser.request(`${interactionUrl}/wechat`, { form: {} });
  expect(toWeChat.status).toBe(303);
  const authorize = new URL(toWeChat.headers.get('location')!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(
    `${fake.baseUrl}/connect/oauth2/authorize`,
  );
  expect(authorize.searchParams.get('scope')).toBe('snsapi_userinfo');
  const fromWeChat = await browser.request(authorize.href);
  return { interactionUrl, back: fromWeChat.headers.get('location')! };
}

describe('微信登录 inside WeChat (issue 27 item 2), against a local WeChat', () => {
  it('is offered inside WeChat only', async () => {
    expect((await openInteraction(server, new CookieBrowser())).page).not.toContain('微信登录');
    expect((await openInteraction(server, new CookieBrowser(WECHAT_UA))).page).toContain(
      '微信登录',
    );
  });

  it('signs in the account bound to that WeChat (bound on a PC: the unionid joins them)', async () => {
    await server.db
      .update(users)
      .set({
        weChatWebOpenId: fake.openIdOf(website.appId, li),
        weChatUnionId: li.unionid,
        weChatNickName: '李明',
        weChatBindAt: new Date(),
      })
      .where(eq(users.id, server.demoUserId));
    fake.actAs(li);
    const browser = new CookieBrowser(WECHAT_UA);
    const { back } = await pressWeChatSignIn(browser);
    expect(back).toContain('/wechat/callback?code=');
    const result = await browser.follow(back, callbackUrlOf(server));
    expect(result.url.startsWith(`${callbackUrlOf(server)}#`)).toBe(true);
    const token = accessTokenOf(result.url)!;
    expect((await server.deps.tokens.verify(token)).userId).toBe(server.demoUserId);
    // The 公众号's openid is learnt on the way: WeChat Pay JSAPI's payer.
    const [row] = await server.db.select().from(users).where(eq(users.id, server.demoUserId));
    expect(row!.weChatOpenId).toBe(fake.openIdOf(official.appId, li));
  });

  it('a WeChat bound to no account is told what to do, and no account is made', async () => {
    const before = (await server.db.select({ id: users.id }).from(users)).length;
    fake.actAs({ nickname: '陌生人', unionid: 'oUnionStranger' });
    const browser = new CookieBrowser(WECHAT_UA);
    const { back } = await pressWeChatSignIn(browser);
    const page = await browser.request(back);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('这个微信还没有绑定报名账号');
    expect(html).toContain('绑定微信');
    expect((await server.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('refuses a state it did not give this interaction, and a code or state used again', async () => {
    fake.actAs(li);
    const browser = new CookieBrowser(WECHAT_UA);
    const { back } = await pressWeChatSignIn(browser);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged');
    const refused = await browser.request(forged.href);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('微信授权已失效，请重新点击微信登录');

    // Another interaction's state (in this browser) signs nobody in here.
    const other = await pressWeChatSignIn(browser);
    const mixed = new URL(back);
    mixed.searchParams.set('state', new URL(other.back).searchParams.get('state')!);
    expect((await browser.request(mixed.href)).status).toBe(400);

    // The genuine return, once: then its state (and code) are spent.
    const first = await pressWeChatSignIn(browser);
    const signedIn = await browser.follow(first.back, callbackUrlOf(server));
    expect(signedIn.url.startsWith(`${callbackUrlOf(server)}#`)).toBe(true);
    // Its code and state again, on a new sign-in page: refused.
    const another = new CookieBrowser(WECHAT_UA);
    const again = await pressWeChatSignIn(another);
    const replay = new URL(again.back);
    for (const name of ['code', 'state'])
      replay.searchParams.set(name, new URL(first.back).searchParams.get(name)!);
    const replayed = await another.request(replay.href);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).not.toContain('callback#');
  });

  it('an expired code is refused on the page', async () => {
    fake.actAs(li);
    const browser = new CookieBrowser(WECHAT_UA);
    const { back } = await pressWeChatSignIn(browser);
    fake.expireCodes();
    const page = await browser.request(back);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('微信授权已失效，请重新授权');
  });
});
