import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser, PHONE, screenshot, WECHAT_PHONE } from '../support/browser.js';
import { signInAtProvider } from '../support/sign-in.js';
import {
  FRESH_PASSWORD as PASSWORD,
  freshMobile,
  latestCode,
  requestPortalCode,
  signUpFreshAccount,
} from '../support/sms.js';

const baseUrl = inject('baseUrl');
async function expectNoSeriousViolations(page: Page): Promise<void> {
  // A §8 toast fades in over a few hundred ms; its colours are judged once it is shown.
  if (await page.locator('.adm-toast-main').isVisible()) await page.waitForTimeout(500);
  const found = await seriousViolations(page);
  expect(found, JSON.stringify(found, null, 1)).toEqual([]);
}

/** The server allows one code per number a minute (its sign-up code included). */
const SMS_COOLDOWN_MS = 61_000;

describe('account: password, mobile, WeChat binding, closing (issue 5)', () => {
  let browser: Browser;
  let context: BrowserContext;
  // The account to close is made first, so its sign-up code's cooldown runs out meanwhile.
  let closing: { context: BrowserContext; page: Page; mobile: string; signedUpAt: number };
  beforeAll(async () => {
    browser = await launchBrowser();
    const closingContext = await browser.newContext(PHONE);
    const page = await closingContext.newPage();
    const mobile = await signUpFreshAccount(page, '注销用户');
    closing = { context: closingContext, page, mobile, signedUpAt: Date.now() };
  });
  afterAll(async () => {
    await browser.close();
  });

  it('my/myAccount asks an anonymous visitor to sign in instead of failing', async () => {
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my/myAccount`);
    await page.getByRole('button', { name: '登录 / 注册' }).waitFor();
    await screenshot(page, 'issue5-my-account-anonymous');
    await expectNoSeriousViolations(page);
    await context.close();
  });

  it('changes the password of a fresh account (a wrong old one refused, typed values kept) and signs in with the new one', async () => {
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const mobile = await signUpFreshAccount(page, '王新');
    await page.goto(`${baseUrl}/views/my/myAccount`);
    await page.getByText('王新').first().waitFor();
    await page.getByText(`手机号：${mobile.slice(0, 3)}****${mobile.slice(-4)}`).waitFor();
    await screenshot(page, 'issue5-my-account');
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: '修改密码' }).click();
    await page.waitForURL('**/views/my/resetPassword');
    await page.getByText('密码须8-20位，须同时包含字母和数字').waitFor();
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('请填写原密码').waitFor();

    const newPassword = 'Changed@2468';
    await page.fill('#pwd-oldPassword', 'Wrong@123456');
    await page.fill('#pwd-newPassword', newPassword);
    await page.fill('#pwd-confirmPassword', newPassword);
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.locator('#pwd-oldPassword-error').getByText('原密码不正确').waitFor();
    expect(await page.inputValue('#pwd-newPassword')).toBe(newPassword);
    expect(await page.inputValue('#pwd-oldPassword')).toBe('Wrong@123456');
    await screenshot(page, 'issue5-reset-password-refused');
    await expectNoSeriousViolations(page);

    await page.fill('#pwd-oldPassword', PASSWORD);
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码已修改，请使用新密码重新登录').waitFor();
    await page.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/views/auth/loginout**');

    // Issue 30, point 8: the signed-out page leads to sign-in, and back to the personal centre.
    await page.getByRole('link', { name: '重新登录' }).click();
    await page.waitForURL('**/identity/interaction/**');
    await signInAtProvider(page, mobile, PASSWORD);
    await expect(page.locator('#form-error').textContent()).resolves.toContain('不正确');
    await signInAtProvider(page, mobile, newPassword);
    await page.waitForURL(`${baseUrl}/views/my`);
    await context.close();
  });

  it('changes the mobile number through the proof of work and the SMS code, and shows the new number', async () => {
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signUpFreshAccount(page, baseUrl);
    await page.goto(`${baseUrl}/views/my/resetPhone`);
    const newMobile = freshMobile();
    // The number is checked before any captcha or message.
    await page.fill('#phone-mobile', '1234');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.locator('#phone-mobile-error').getByText('请填写正确的11位手机号码').waitFor();

    await page.fill('#phone-mobile', newMobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    // No picture, no drag: a status line says the check is running, then that it passed.
    await page.getByRole('group', { name: '安全验证' }).getByRole('status').waitFor();
    await screenshot(page, 'issue5-reset-phone-captcha');
    await expectNoSeriousViolations(page);
    await page.getByText(/验证码已发送至/).waitFor();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    const code = await latestCode(newMobile);
    await page.fill('#phone-code', code);
    // A signed-in phone alone does not move the account: the password is asked, and a wrong one
    // is said on its field while the verified code still serves the retry.
    await page.fill('#phone-password', 'Guess@2024x');
    await page.getByRole('button', { name: '确认更换' }).click();
    await page.locator('#phone-password-error').getByText('登录密码不正确').waitFor();
    await screenshot(page, 'issue30-reset-phone-wrong-password');
    await page.fill('#phone-password', PASSWORD);
    await screenshot(page, 'issue5-reset-phone-code');
    await page.getByRole('button', { name: '确认更换' }).click();
    await page.waitForURL('**/views/my/myAccount');
    await page.getByText(`手机号：${newMobile.slice(0, 3)}****${newMobile.slice(-4)}`).waitFor();
    await context.close();
  });

  it('binds WeChat through the authorisation page and unbinds it after a confirmation', async () => {
    // Inside WeChat a phone binds through WeChat's own authorisation page (elsewhere: the QR page).
    context = await browser.newContext(WECHAT_PHONE);
    const page = await context.newPage();
    await signUpFreshAccount(page, baseUrl);
    await page.goto(`${baseUrl}/views/my/bindWeChatAccount`);
    await page.getByText('当前账号未绑定微信').waitFor();
    await screenshot(page, 'issue5-bind-wechat');
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: '绑定微信' }).click();
    await page.waitForURL('**/gateways/wechat/authorize**');
    await page.getByRole('button', { name: '确认授权' }).click();
    await page.waitForURL(`${baseUrl}/views/my/bindWeChatAccount`);
    await page.getByText('微信昵称：微信用户').waitFor();
    await screenshot(page, 'issue5-bind-wechat-bound');
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: '解除绑定' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '解除绑定' }).click();
    await page.getByText('当前账号未绑定微信').waitFor();
    await context.close();
  });

  it('a WeChat state that is not the one stored is refused without binding', async () => {
    context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signUpFreshAccount(page, baseUrl);
    await page.goto(`${baseUrl}/views/my/bindWeChatAccount?code=forged&state=other`);
    await page.getByText('微信授权校验未通过，请重新绑定').waitFor();
    expect(page.url()).toBe(`${baseUrl}/views/my/bindWeChatAccount`);
    await page.getByText('当前账号未绑定微信').waitFor();
    await context.close();
  });

  it('closes a fresh account with an SMS code to its own number and signs out; signing in within the cooling-off cancels the closing (issue 28)', async () => {
    const { page, mobile } = closing;
    await page.goto(`${baseUrl}/views/my/cancelPhone`);
    await page.getByText(/注销申请提交后有15天冷静期/).waitFor();
    await screenshot(page, 'issue5-cancel-account');
    await expectNoSeriousViolations(page);

    // Only the account's own number is accepted, before any captcha.
    await page.fill('#close-mobile', '13700000000');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page
      .locator('#close-mobile-error')
      .getByText(/请填写本账号绑定的手机号/)
      .waitFor();
    await page.fill('#close-mobile', mobile);
    const wait = closing.signedUpAt + SMS_COOLDOWN_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await page.fill('#close-code', await requestPortalCode(page, mobile));
    await page.getByRole('button', { name: '注销账号' }).click();
    await page.getByText('请先确认已了解注销的后果').waitFor();
    await page.getByLabel('我已阅读并了解以上注销后果').check();
    await page.getByRole('button', { name: '注销账号' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确定注销' }).click();
    await page.getByText('账号已注销').waitFor();
    await page.getByRole('button', { name: '知道了' }).click();
    await page.waitForURL('**/views/auth/loginout**');

    // Signing in again within the cooling-off cancels the closing, and says so.
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page, mobile, PASSWORD);
    await page.getByRole('heading', { name: '您的账号注销申请已撤销' }).waitFor();
    await screenshot(page, 'issue28-closing-cancelled');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: '继续登录' }).click();
    await page.waitForURL(`${baseUrl}/views/my`);
    await page.goto(`${baseUrl}/views/my/cancelPhone`);
    await page.getByText(/注销申请提交后有15天冷静期/).waitFor();
    await closing.context.close();
  });
});

describe('inside WeChat on iOS (issue 5, §7 §9)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it("signs the ENTRY address without its fragment and gives updateAppMessageShareData the route's share data", async () => {
    const context = await browser.newContext(WECHAT_PHONE);
    // The test's double of the JS-SDK: it records each call and answers ready and success.
    await context.addInitScript(() => {
      const calls: { name: string; args: unknown }[] = [];
      const record =
        (name: string) =>
        (args: { success?: () => void } = {}) => {
          calls.push({ name, args: JSON.parse(JSON.stringify(args)) });
          args.success?.();
        };
      Object.assign(window, {
        __wxCalls: calls,
        wx: {
          config: record('config'),
          ready: (fn: () => void) => fn(),
          error: () => undefined,
          hideMenuItems: record('hideMenuItems'),
          updateAppMessageShareData: record('updateAppMessageShareData'),
          updateTimelineShareData: record('updateTimelineShareData'),
        },
      });
    });
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    const signing = page.waitForRequest((r) => r.url().endsWith('/Common/CreateWebWeChat'));
    await page.goto(`${baseUrl}/views/?from=timeline#top`);
    const request = await signing;
    expect(JSON.parse(request.postData() ?? '{}')).toEqual({
      PageUrl: `${baseUrl}/views/?from=timeline`,
    });
    await page.waitForURL('**/views/home/project');
    await page.waitForFunction(() =>
      (window as unknown as { __wxCalls: { name: string }[] }).__wxCalls.some(
        (c) => c.name === 'updateAppMessageShareData',
      ),
    );
    const calls = await page.evaluate(
      () => (window as unknown as { __wxCalls: { name: string; args: unknown }[] }).__wxCalls,
    );
    const config = calls.find((c) => c.name === 'config')?.args as Record<string, unknown>;
    expect(config).toMatchObject({
      debug: false,
      jsApiList: [
        'updateAppMessageShareData',
        'updateTimelineShareData',
        'hideMenuItems',
        'closeWindow',
      ],
    });
    expect(Object.keys(config).sort()).toEqual(
      ['appId', 'debug', 'jsApiList', 'nonceStr', 'signature', 'timestamp'].sort(),
    );
    const share = calls.find((c) => c.name === 'updateAppMessageShareData')?.args as Record<
      string,
      unknown
    >;
    expect(share).toMatchObject({
      title: '项目报名',
      desc: '考试、招聘、竞赛项目在线报名，进度随时查看',
      link: `${baseUrl}/views/home/project`,
    });
    expect(calls.find((c) => c.name === 'hideMenuItems')?.args).toEqual({
      menuList: [
        'menuItem:editTag',
        'menuItem:delete',
        'menuItem:originPage',
        'menuItem:readMode',
        'menuItem:openWithQQBrowser',
        'menuItem:openWithSafari',
        'menuItem:share:email',
        'menuItem:share:brand',
      ],
    });
    expect(logs).toContain('share success');
    await context.close();
  });
});
