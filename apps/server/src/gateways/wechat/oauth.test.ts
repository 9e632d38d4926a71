import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeChatAuthWay } from '../../domain/ports.js';
import { CODE_REFUSED, createWeChatOAuth } from './oauth.js';
import { startFakeWeChatOAuth, type FakeWeChatOAuth } from './wechat-oauth-fake.js';

const official = { appId: 'wxofficial0000001', appSecret: 'official-secret' };
const website = { appId: 'wxwebsite00000001', appSecret: 'website-secret' };
const RETURN = 'https://portal.example.com/views/my/bindWeChatAccount';
const wang = {
  nickname: '王芳',
  headimgurl: 'https://wx.qlogo.cn/wang/132',
  unionid: 'oUnionWang',
};

describe('WeChat web authorisation against a local WeChat', () => {
  let fake: FakeWeChatOAuth;
  let oauth: ReturnType<typeof createWeChatOAuth>;
  beforeAll(async () => {
    fake = await startFakeWeChatOAuth({ official, website });
    oauth = createWeChatOAuth({ official, website, openBase: fake.baseUrl, apiBase: fake.baseUrl });
  });
  afterAll(() => fake.close());

  /** Opens the authorisation page as WeChat's browser would; where it sends the visitor back. */
  async function authorise(way: WeChatAuthWay, state = 'state-1') {
    const response = await fetch(oauth.authorizeUrl(RETURN, state, way), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(RETURN);
    return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') };
  }

  it('writes the addresses WeChat documents: 公众号 authorize inside WeChat, qrconnect on a PC', () => {
    const inside = new URL(oauth.authorizeUrl(RETURN, 's', 'userinfo'));
    expect(`${inside.pathname}${inside.hash}`).toBe('/connect/oauth2/authorize#wechat_redirect');
    expect(Object.fromEntries(inside.searchParams)).toEqual({
      appid: official.appId,
      redirect_uri: RETURN,
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 's',
    });
    expect(new URL(oauth.authorizeUrl(RETURN, 's', 'base')).searchParams.get('scope')).toBe(
      'snsapi_base',
    );
    const pc = new URL(oauth.authorizeUrl(RETURN, 's', 'qr'));
    expect(pc.pathname).toBe('/connect/qrconnect');
    expect([pc.searchParams.get('appid'), pc.searchParams.get('scope')]).toEqual([
      website.appId,
      'snsapi_login',
    ]);
  });

  it('turns a code into the openid, unionid, nickname and avatar (snsapi_userinfo)', async () => {
    fake.actAs(wang);
    const { code, state } = await authorise('userinfo');
    expect(state).toBe('state-1');
    expect(await oauth.exchangeCode(code, 'userinfo')).toEqual({
      app: 'official',
      openId: fake.openIdOf(official.appId, wang),
      unionId: 'oUnionWang',
      nickName: '王芳',
      headImgUrl: 'https://wx.qlogo.cn/wang/132',
    });
    const calls = fake.calls.filter((c) => c.path.startsWith('/sns/')).slice(-2);
    expect(calls.map((c) => c.path)).toEqual(['/sns/oauth2/access_token', '/sns/userinfo']);
    expect(calls[0]!.query).toMatchObject({
      appid: official.appId,
      secret: official.appSecret,
      grant_type: 'authorization_code',
    });
    expect(calls[1]!.query.lang).toBe('zh_CN');
  });

  it('the website app has its own openid for the same person; the unionid joins them', async () => {
    fake.actAs(wang);
    const pc = await oauth.exchangeCode((await authorise('qr')).code, 'qr');
    expect(pc.app).toBe('website');
    expect(pc.openId).toBe(fake.openIdOf(website.appId, wang));
    expect(pc.openId).not.toBe(fake.openIdOf(official.appId, wang));
    expect(pc.unionId).toBe('oUnionWang');
    // A code of one app is not a code of the other.
    const inside = await authorise('userinfo');
    await expect(oauth.exchangeCode(inside.code, 'qr')).rejects.toMatchObject({
      status: 400,
      message: CODE_REFUSED,
    });
  });

  it('silent snsapi_base gives the openid alone, without asking for userinfo', async () => {
    fake.actAs({ nickname: '李明' });
    const before = fake.calls.length;
    const user = await oauth.exchangeCode((await authorise('base')).code, 'base');
    expect(user).toEqual({
      app: 'official',
      openId: fake.openIdOf(official.appId, { nickname: '李明' }),
      unionId: null,
      nickName: '',
      headImgUrl: '',
    });
    expect(fake.calls.slice(before).map((c) => c.path)).not.toContain('/sns/userinfo');
  });

  it('refuses a code used twice, an expired code and a made-up one', async () => {
    fake.actAs(wang);
    const { code } = await authorise('userinfo');
    await oauth.exchangeCode(code, 'userinfo');
    await expect(oauth.exchangeCode(code, 'userinfo')).rejects.toMatchObject({
      status: 400,
      message: CODE_REFUSED,
    });
    const late = await authorise('userinfo');
    fake.expireCodes();
    await expect(oauth.exchangeCode(late.code, 'userinfo')).rejects.toMatchObject({ status: 400 });
    await expect(oauth.exchangeCode('made-up', 'userinfo')).rejects.toMatchObject({ status: 400 });
  });

  it('a wrong secret is a fault of ours, not the visitor’s (no 400)', async () => {
    const wrong = createWeChatOAuth({
      official: { ...official, appSecret: 'wrong' },
      website,
      openBase: fake.baseUrl,
      apiBase: fake.baseUrl,
    });
    const { code } = await authorise('userinfo');
    await expect(wrong.exchangeCode(code, 'userinfo')).rejects.toThrow(/WeChat API 40125/);
  });
});
