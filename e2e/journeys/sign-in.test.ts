import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { signInAtProvider } from '../support/sign-in.js';

const baseUrl = inject('baseUrl');
const RECORD_KEY = 'oidc.user:portal-web';

describe('sign-in through the identity provider', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('signs the demo user in from /views/my and comes back to /views/my', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await page.waitForURL('**/identity/interaction/**');
    await page.locator('#mobile').waitFor();
    await screenshot(page, 'identity-sign-in');
    expect(await seriousViolations(page)).toEqual([]);
    await signInAtProvider(page);
    await page.waitForURL(`${baseUrl}/views/my`);
    // The token fragment is gone from the address bar.
    expect(page.url()).toBe(`${baseUrl}/views/my`);
    const record = JSON.parse(
      (await page.evaluate((key) => localStorage.getItem(key), RECORD_KEY)) ?? 'null',
    );
    expect(Object.keys(record).sort()).toEqual(
      [
        'access_token',
        'difference_ntime',
        'expires_at',
        'header',
        'payload',
        'signature',
        'token_type',
      ].sort(),
    );
    expect(record.token_type).toBe('Bearer');
    expect(record.payload.name).toBe('李明');
    expect(await page.evaluate(() => localStorage.getItem('loginBackNextPath'))).toBeNull();
    await page.getByText('李明').first().waitFor();
    await screenshot(page, 'my-signed-in');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('refuses a wrong password at the provider with one message', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page, '13800138000', 'Wrong@123456');
    await expect(page.locator('#form-error[role=alert]').textContent()).resolves.toContain(
      '手机号或密码不正确',
    );
    expect(await page.inputValue('#mobile')).toBe('13800138000');
    await context.close();
  });
});
