import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { jsApiSignature, withoutFragment } from './signature.js';

describe('WeChat JS-SDK signature', () => {
  it('matches WeChat’s documented example', () => {
    expect(
      jsApiSignature({
        ticket:
          'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the address without its fragment', () => {
    const fields = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    expect(withoutFragment('https://a.cn/views/home?x=1#/frag')).toBe(
      'https://a.cn/views/home?x=1',
    );
    expect(jsApiSignature({ ...fields, url: 'https://a.cn/p?x=1#abc' })).toBe(
      jsApiSignature({ ...fields, url: 'https://a.cn/p?x=1' }),
    );
  });
});

describe('WeChat authorisation sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const back = 'http://localhost:8080/views/my/bindWeChatAccount';

  it('shows 模拟微信授权 with a 确认授权 button', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/gateways/wechat/authorize?redirect_uri=${encodeURIComponent(back)}&state=s1`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('模拟微信授权');
    expect(response.body).toContain('确认授权');
  });

  it('confirming returns with code and state; the code gives a stable user once', async () => {
    const confirm = () =>
      t.app.inject({
        method: 'GET',
        url: `/gateways/wechat/confirm?redirect_uri=${encodeURIComponent(back)}&state=s1&nickname=${encodeURIComponent('小明')}`,
      });
    const first = await confirm();
    expect(first.statusCode).toBe(302);
    const location = new URL(first.headers.location as string);
    expect(location.origin + location.pathname).toBe(back);
    expect(location.searchParams.get('state')).toBe('s1');
    const code = location.searchParams.get('code')!;
    const user = await t.deps.gateways.weChat.exchangeCode(code, 'userinfo');
    expect(user).toMatchObject({ app: 'official', nickName: '小明' });
    await expect(t.deps.gateways.weChat.exchangeCode(code, 'userinfo')).rejects.toMatchObject({
      status: 400,
    });
    const second = new URL((await confirm()).headers.location as string).searchParams.get('code')!;
    expect((await t.deps.gateways.weChat.exchangeCode(second, 'userinfo')).openId).toBe(
      user.openId,
    );
  });

  it('plays qrconnect like WeChat: its own page, the website app’s openid, the same unionid', async () => {
    const address = new URL(t.deps.gateways.weChat.authorizeUrl(back, 's2', 'qr'));
    expect(address.pathname).toBe('/gateways/wechat/qrconnect');
    expect(address.searchParams.get('scope')).toBe('snsapi_login');
    const qrPage = await t.app.inject({
      method: 'GET',
      url: `${address.pathname}${address.search}`,
    });
    expect(qrPage.statusCode).toBe(200);
    expect(qrPage.body).toContain('<svg');
    expect(qrPage.body).toContain('模拟扫码确认');
    const confirm = (scope: string) =>
      t.app.inject({
        method: 'GET',
        url: `/gateways/wechat/confirm?redirect_uri=${encodeURIComponent(back)}&state=s2&scope=${scope}&nickname=${encodeURIComponent('小红')}`,
      });
    const codeOf = async (scope: string) =>
      new URL((await confirm(scope)).headers.location as string).searchParams.get('code')!;
    const pc = await t.deps.gateways.weChat.exchangeCode(await codeOf('snsapi_login'), 'qr');
    const inside = await t.deps.gateways.weChat.exchangeCode(
      await codeOf('snsapi_userinfo'),
      'userinfo',
    );
    expect(pc.app).toBe('website');
    expect(pc.openId).not.toBe(inside.openId);
    expect(pc.unionId).toBe(inside.unionId);
    // A QR page's code is no code of the 公众号, and the other way round.
    await expect(
      t.deps.gateways.weChat.exchangeCode(await codeOf('snsapi_login'), 'userinfo'),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      t.deps.gateways.weChat.exchangeCode(await codeOf('snsapi_userinfo'), 'qr'),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('will not redirect to another site', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/gateways/wechat/confirm?redirect_uri=${encodeURIComponent('https://evil.example/x')}&state=s`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('signs with the configured app id', async () => {
    const signed = await t.deps.gateways.weChat.signJsApi('http://localhost:8080/views/home#x');
    expect(signed.appId).toBe(t.deps.config.weChat.appId);
    expect(signed.signature).toMatch(/^[0-9a-f]{40}$/);
  });
});
