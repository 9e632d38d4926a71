import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  CookieBrowser,
  openInteraction,
  requestSmsCode,
  useIdentityTestServer,
} from './test-server.js';

const server = useIdentityTestServer();

const callback = () => `${server.baseUrl}/views/auth/callback`;

/** A fresh account made through sign-up, so no other test's account changes. */
async function signUp(mobile: string, password: string) {
  const browser = new CookieBrowser();
  const { interactionUrl } = await openInteraction(server, browser);
  const sent = await requestSmsCode(server, browser, interactionUrl, mobile, 'SignUp');
  await browser.follow(`${interactionUrl}/signup`, callback(), {
    form: {
      mobile,
      code: sent.code!,
      name: '孙七',
      password,
      confirmPassword: password,
      agree: '1',
    },
  });
}

describe('forgot password', () => {
  it('the sign-in page links to it and back to the portal', async () => {
    const { page, interactionUrl } = await openInteraction(server, new CookieBrowser());
    expect(page).toContain(`href="${new URL(interactionUrl).pathname}/reset">忘记密码？</a>`);
    expect(page).toContain('返回平台首页');
  });

  it('resets the password through an SMS code; the new one signs in, the old one no longer', async () => {
    const mobile = '13612345678';
    await signUp(mobile, 'Old@2024pw');
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const form = await browser.request(`${interactionUrl}/reset`);
    expect(await form.text()).toContain('data-sms-scene="ResetPassword"');
    const sent = await requestSmsCode(server, browser, interactionUrl, mobile, 'ResetPassword');
    expect(sent.body.ok).toBe(true);
    expect(sent.code).toMatch(/^\d{6}$/);

    const weak = await browser.request(`${interactionUrl}/reset`, {
      form: { mobile, code: sent.code!, password: 'weak', confirmPassword: 'weak' },
    });
    expect(weak.status).toBe(400);
    const done = await browser.request(`${interactionUrl}/reset`, {
      form: { mobile, code: sent.code!, password: 'New@2024pw', confirmPassword: 'New@2024pw' },
    });
    expect(done.status).toBe(200);
    const page = await done.text();
    expect(page).toContain('密码已重置，请用新密码登录');
    expect(page).toContain(`value="${mobile}"`);

    const old = await browser.request(`${interactionUrl}/password`, {
      form: { mobile, password: 'Old@2024pw' },
    });
    expect(old.status).toBe(401);
    const signIn = await browser.follow(`${interactionUrl}/password`, callback(), {
      form: { mobile, password: 'New@2024pw' },
    });
    expect(decodeJwt(accessTokenOf(signIn.url)!).sub).toBeTruthy();
  });

  it('a code is spent once and a wrong one changes nothing', async () => {
    const mobile = '13612345679';
    await signUp(mobile, 'Keep@2024pw');
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const sent = await requestSmsCode(server, browser, interactionUrl, mobile, 'ResetPassword');
    const wrongCode = sent.code === '000000' ? '111111' : '000000';
    const wrong = await browser.request(`${interactionUrl}/reset`, {
      form: { mobile, code: wrongCode, password: 'Next@2024pw', confirmPassword: 'Next@2024pw' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('验证码不正确');
    const kept = await browser.follow(`${interactionUrl}/password`, callback(), {
      form: { mobile, password: 'Keep@2024pw' },
    });
    expect(accessTokenOf(kept.url)).toBeTruthy();
  });

  it('sends no code to a number without an account, with the same answer', async () => {
    const browser = new CookieBrowser();
    const { interactionUrl } = await openInteraction(server, browser);
    const sent = await requestSmsCode(
      server,
      browser,
      interactionUrl,
      '13612340000',
      'ResetPassword',
    );
    expect(sent.body.ok).toBe(true);
    expect(sent.code).toBeUndefined();
  });
});
