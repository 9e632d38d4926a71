import { getUser } from '@portal/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { apiOf } from '../support/portal-api.js';
import { signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, signUpFreshAccount } from '../support/sms.js';

/** Issue 25, finding 6: a sign-out or a password change ends sessions and their tokens at once. */
const baseUrl = inject('baseUrl');
describe('sessions end (issue 25)', () => {
  let browser: Browser;
  let mobile: string;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a phone signs out: the access token it held a second before gets 401', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    mobile = await signUpFreshAccount(page, '会话用户');
    await page.getByText('会话用户').first().waitFor();
    const held = await apiOf(page);
    expect(await held.status(getUser, {})).toBe(200);

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/views/auth/loginout**');
    await screenshot(page, 'issue25-signed-out');

    expect(await held.status(getUser, {})).toBe(401);
    await context.close();
  });

  it("a password change on the phone ends the other device's session: its token gets 401 and it is sent to sign in", async () => {
    const phoneContext = await browser.newContext(PHONE);
    const phone = await phoneContext.newPage();
    await phone.goto(`${baseUrl}/views/my`);
    await signInAtProvider(phone, mobile, FRESH_PASSWORD);
    await phone.waitForURL(`${baseUrl}/views/my`);

    const desktopContext = await browser.newContext(DESKTOP);
    const desktop = await desktopContext.newPage();
    await desktop.goto(`${baseUrl}/views/my`);
    await signInAtProvider(desktop, mobile, FRESH_PASSWORD);
    await desktop.waitForURL(`${baseUrl}/views/my`);
    await desktop.getByText('会话用户').first().waitFor();
    const desktopHeld = await apiOf(desktop);
    expect(await desktopHeld.status(getUser, {})).toBe(200);

    const newPassword = 'Changed@2580';
    await phone.goto(`${baseUrl}/views/my/resetPassword`);
    await phone.fill('#pwd-oldPassword', FRESH_PASSWORD);
    await phone.fill('#pwd-newPassword', newPassword);
    await phone.fill('#pwd-confirmPassword', newPassword);
    await phone.getByRole('button', { name: '确认修改' }).click();
    await phone.getByText('密码已修改，请使用新密码重新登录').waitFor();

    expect(await desktopHeld.status(getUser, {})).toBe(401);
    // The other device's next step sends it to sign in (its provider session is gone too).
    await desktop.reload();
    await desktop.waitForURL('**/identity/interaction/**');
    await desktop.locator('#password').waitFor();
    await screenshot(desktop, 'issue25-other-device-signed-out');
    await signInAtProvider(desktop, mobile, newPassword);
    await desktop.waitForURL(`${baseUrl}/views/my`);
    await desktop.getByText('会话用户').first().waitFor();

    await phoneContext.close();
    await desktopContext.close();
  });
});
