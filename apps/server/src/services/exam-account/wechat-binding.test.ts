import {
  bindAccount,
  getUser,
  getWeChatBindUser,
  getWeChatConfig,
  relieveWeChatBind,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('WeChat binding', () => {
  let t: TestApp;
  let wangId: number;
  const back = 'http://localhost:8080/views/my/bindWeChatAccount';
  beforeAll(async () => {
    t = await createTestApp();
    const [wang] = await t.db.select().from(users).where(eq(users.mobile, '13900139000'));
    wangId = wang!.id;
  });
  afterAll(() => t.close());

  /** Walks the sandbox as a person would: GetWeChatConfig → 确认授权 (or 扫码确认) → the code. */
  async function authorise(
    as: number,
    nickname: string,
    way: 'inside' | 'qr' = 'inside',
  ): Promise<{ Code: string; State: string }> {
    const { body } = await t.call(getWeChatConfig, { ReturnUrl: back, Way: way }, { as });
    const authorize = new URL(body.Data.AuthorizeUrl);
    const confirm = await t.app.inject({
      method: 'GET',
      url: `/gateways/wechat/confirm?${new URLSearchParams({
        redirect_uri: authorize.searchParams.get('redirect_uri')!,
        state: authorize.searchParams.get('state')!,
        scope: authorize.searchParams.get('scope')!,
        nickname,
      })}`,
    });
    const returned = new URL(confirm.headers.location as string).searchParams;
    return { Code: returned.get('code')!, State: returned.get('state')! };
  }

  it('GetWeChatConfig answers the app id and an authorisation address with a state', async () => {
    const { status, body } = await t.call(
      getWeChatConfig,
      { ReturnUrl: back, Way: 'inside' },
      { as: t.demoUserId },
    );
    expect(status).toBe(200);
    expect(body.Data.AppId).toBe(t.deps.config.weChat.appId);
    const url = new URL(body.Data.AuthorizeUrl);
    expect([url.pathname, url.searchParams.get('scope')]).toEqual([
      '/gateways/wechat/authorize',
      'snsapi_userinfo',
    ]);
    expect(url.searchParams.get('redirect_uri')).toBe(back);
    const state = url.searchParams.get('state')!;
    expect(await t.deps.store.get(`wechat:state:${state}`)).toBeTruthy();
    // Outside WeChat (the default): the website app's QR page.
    const pc = new URL(
      (await t.call(getWeChatConfig, { ReturnUrl: back }, { as: t.demoUserId })).body.Data
        .AuthorizeUrl,
    );
    expect([pc.pathname, pc.searchParams.get('scope')]).toEqual([
      '/gateways/wechat/qrconnect',
      'snsapi_login',
    ]);
  });

  it('one WeChat is one account across both apps: the unionid joins the QR page and WeChat', async () => {
    const pc = await t.call(bindAccount, await authorise(t.demoUserId, '两边的微信', 'qr'), {
      as: t.demoUserId,
    });
    expect(pc.body.Data).toMatchObject({ IsBind: true, NickName: '两边的微信' });
    const [row] = await t.db.select().from(users).where(eq(users.id, t.demoUserId));
    expect([row!.weChatOpenId, Boolean(row!.weChatWebOpenId), Boolean(row!.weChatUnionId)]).toEqual(
      [null, true, true],
    );
    // The same person inside WeChat has another openid, but the same unionid: taken.
    const inside = await t.call(bindAccount, await authorise(wangId, '两边的微信', 'inside'), {
      as: wangId,
    });
    expect(inside.status).toBe(409);
    await t.call(relieveWeChatBind, {}, { as: t.demoUserId });
    const [relieved] = await t.db.select().from(users).where(eq(users.id, t.demoUserId));
    expect([relieved!.weChatWebOpenId, relieved!.weChatUnionId]).toEqual([null, null]);
  });

  it('the openid is the code’s, never the browser’s', async () => {
    const forged = { ...(await authorise(t.demoUserId, '真的微信')), OpenId: 'oForged' };
    expect((await t.call(bindAccount, forged, { as: t.demoUserId })).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, t.demoUserId));
    expect(row!.weChatOpenId).toMatch(/^o/);
    expect(row!.weChatOpenId).not.toBe('oForged');
    await t.call(relieveWeChatBind, {}, { as: t.demoUserId });
  });

  it('refuses a return address on another site', async () => {
    const { status, body } = await t.call(
      getWeChatConfig,
      { ReturnUrl: 'https://evil.example/' },
      { as: t.demoUserId },
    );
    expect(status).toBe(400);
    expect(body.ErrMsg).toBe('回调地址不属于本站');
    expect(
      (await t.call(getWeChatConfig, { ReturnUrl: 'not a url' }, { as: t.demoUserId })).status,
    ).toBe(400);
  });

  it('binds, shows and unbinds', async () => {
    expect((await t.call(getWeChatBindUser, {}, { as: t.demoUserId })).body.Data.IsBind).toBe(
      false,
    );
    const bound = await t.call(bindAccount, await authorise(t.demoUserId, '李明的微信'), {
      as: t.demoUserId,
    });
    expect(bound.status).toBe(200);
    expect(bound.body.Data).toMatchObject({ IsBind: true, NickName: '李明的微信' });
    expect((await t.call(getUser, {}, { as: t.demoUserId })).body.Data.IsBindWeChat).toBe(true);

    const twice = await t.call(bindAccount, await authorise(t.demoUserId, '另一个'), {
      as: t.demoUserId,
    });
    expect(twice.status).toBe(409);

    const taken = await t.call(bindAccount, await authorise(wangId, '李明的微信'), { as: wangId });
    expect(taken.status).toBe(409);
    expect(taken.body.ErrMsg).toMatch(/该微信已绑定其他账号/);

    const relieved = await t.call(relieveWeChatBind, {}, { as: t.demoUserId });
    expect(relieved.status).toBe(200);
    expect(relieved.body.Data.IsBindWeChat).toBe(false);
    expect((await t.call(relieveWeChatBind, {}, { as: t.demoUserId })).status).toBe(409);

    // Now free for the other account.
    expect(
      (await t.call(bindAccount, await authorise(wangId, '李明的微信'), { as: wangId })).status,
    ).toBe(200);
  });

  it('a used or made-up code is 400', async () => {
    const once = await authorise(t.demoUserId, '一次');
    expect((await t.call(bindAccount, once, { as: t.demoUserId })).status).toBe(200);
    await t.call(relieveWeChatBind, {}, { as: t.demoUserId });
    const again = await authorise(t.demoUserId, '一次');
    const reused = await t.call(
      bindAccount,
      { Code: once.Code, State: again.State },
      { as: t.demoUserId },
    );
    expect(reused.status).toBe(400);
    expect(reused.body.ErrMsg).toBe('微信授权已失效，请重新授权');
    expect(
      (await t.call(bindAccount, { Code: '', State: again.State }, { as: t.demoUserId })).status,
    ).toBe(400);
  });

  it("refuses a state that is not this user's, or is spent", async () => {
    const wangs = await authorise(wangId, '王芳的微信');
    const stolen = await t.call(bindAccount, wangs, { as: t.demoUserId });
    expect(stolen.status).toBe(400);
    expect(stolen.body.ErrMsg).toBe('微信授权校验未通过，请重新绑定');
    // Spent by the refused attempt: not even its owner can use it again.
    expect((await t.call(bindAccount, wangs, { as: wangId })).status).toBe(400);
    const missing = await t.call(bindAccount, { Code: 'x' }, { as: t.demoUserId });
    expect(missing.status).toBe(400);
  });

  it('needs a sign-in', async () => {
    expect((await t.call(getWeChatBindUser, {})).status).toBe(401);
    expect((await t.call(bindAccount, { Code: 'x', State: 'y' })).status).toBe(401);
    expect((await t.call(relieveWeChatBind, {})).status).toBe(401);
  });
});
