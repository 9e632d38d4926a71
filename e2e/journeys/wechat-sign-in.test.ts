import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DESKTOP, launchBrowser, WECHAT_PHONE } from '../support/browser.js';
import { apiOf } from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { signInAtProvider } from '../support/sign-in.js';
import { unbindWeChat } from '../support/wechat-pay.js';

const baseUrl = inject('baseUrl');
/** The seed's candidate with a bound WeChat (README): 赵静, her sandbox WeChat's nickname 赵静. */
const ZHAO_JING = { name: '赵静', weChatNickname: '赵静' };
const WANG_FANG = { mobile: '13900139000', password: 'Demo@654321' };

/**
 * Issue 27, item 2: WeChat's authorisation in a real browser, the sandbox playing WeChat's pages —
 * 微信登录 inside WeChat for a bound candidate, the message for an unbound WeChat, and binding on a
 * desktop through the QR page.
 */
describe('WeChat sign-in and binding (issue 27 item 2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  /** Inside WeChat: the sign-in page, 微信登录, then WeChat's (the sandbox's) page as `nickname`. */
  async function weChatSignIn(page: Page, nickname: string, screen?: string) {
    await page.goto(`${baseUrl}/views/my`);
    await page.waitForURL('**/identity/interaction/**');
    const button = page.getByRole('button', { name: '微信登录' });
    await button.waitFor();
    if (screen) await checkScreen(page, screen);
    await button.click();
    await page.waitForURL('**/gateways/wechat/authorize**');
    expect(new URL(page.url()).searchParams.get('scope')).toBe('snsapi_userinfo');
    await page.getByLabel(/微信昵称/).fill(nickname);
    await page.getByRole('button', { name: '确认授权' }).click();
  }

  it('inside WeChat the bound demo candidate signs in with 微信登录', async () => {
    const context = await browser.newContext(WECHAT_PHONE);
    const page = await context.newPage();
    await weChatSignIn(page, ZHAO_JING.weChatNickname, 'issue27-sign-in-inside-wechat');
    await page.waitForURL(`${baseUrl}/views/my`);
    await page.getByText(ZHAO_JING.name).first().waitFor();
    await context.close();
  });

  it('an unbound WeChat is told to sign in with the mobile and bind; nobody is signed in', async () => {
    const context = await browser.newContext(WECHAT_PHONE);
    const page = await context.newPage();
    await weChatSignIn(page, '没绑定的微信');
    await page.waitForURL('**/identity/interaction/**/wechat/callback**');
    const alert = page.getByRole('alert').filter({ hasText: '这个微信还没有绑定报名账号' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('我的 → 绑定微信');
    // The mobile's ways are right there.
    await page.locator('#mobile').waitFor();
    await checkScreen(page, 'issue27-sign-in-wechat-unbound');
    await context.close();
  });

  it('outside WeChat the sign-in page has no 微信登录', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await page.waitForURL('**/identity/interaction/**');
    await page.locator('#mobile').waitFor();
    expect(await page.getByRole('button', { name: '微信登录' }).count()).toBe(0);
    await context.close();
  });

  it('on a desktop a candidate binds through the QR page, and is back on the tab bound', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my/myAccount?tab=wechat`);
    await signInAtProvider(page, WANG_FANG.mobile, WANG_FANG.password);
    await page.waitForURL('**/views/my/myAccount?tab=wechat');
    await page.getByRole('button', { name: '绑定微信' }).click();
    await page.waitForURL('**/gateways/wechat/qrconnect**');
    expect(new URL(page.url()).searchParams.get('scope')).toBe('snsapi_login');
    await page.getByRole('img', { name: '模拟的微信登录二维码' }).waitFor();
    await checkScreen(page, 'issue27-bind-wechat-qr-page');
    await page.getByLabel(/微信昵称/).fill('王芳的微信');
    await page.getByRole('button', { name: '模拟扫码确认' }).click();
    await page.waitForURL('**/views/my/myAccount?tab=wechat');
    await page.getByText('微信绑定成功').waitFor();
    await page.getByText('王芳的微信').waitFor();
    await checkScreen(page, 'issue27-bind-wechat-desktop-bound');
    // As the seed has her (the payment journeys bind her themselves).
    await unbindWeChat(await apiOf(page));
    await context.close();
  });
});
