import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';

const baseUrl = inject('baseUrl');

describe('foundation: routes, layouts and the sign-in redirect', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sends an unknown path to /views/home/project', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/no-such-page`);
    await page.waitForURL('**/views/home/project');
    expect(new URL(page.url()).pathname).toBe('/views/home/project');
    await context.close();
  });

  it('gives a phone user agent the mobile shell', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/home/project`);
    await expect(page.locator('[data-layout="mobile"]').first().waitFor()).resolves.toBeUndefined();
    expect(await page.locator('[data-layout="desktop"]').count()).toBe(0);
    await screenshot(page, 'foundation-mobile-shell');
    await context.close();
  });

  it('gives a desktop user agent the desktop shell', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/home/project`);
    await expect(
      page.locator('[data-layout="desktop"]').first().waitFor(),
    ).resolves.toBeUndefined();
    expect(await page.locator('[data-layout="mobile"]').count()).toBe(0);
    await screenshot(page, 'foundation-desktop-shell');
    await context.close();
  });

  it('remembers /views/my for an anonymous visitor and goes to authorize with all six parameters', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const authorize = page.waitForRequest((request) =>
      request.url().includes('/connect/authorize'),
    );
    await page.goto(`${baseUrl}/views/my`);
    const url = new URL((await authorize).url());
    expect(url.origin + url.pathname).toBe(`${baseUrl}/identity/connect/authorize`);
    expect(url.searchParams.get('client_id')).toBe('portal-web');
    expect(url.searchParams.get('redirect_uri')).toBe(`${baseUrl}/views/auth/callback`);
    expect(url.searchParams.get('response_type')).toBe('token id_token');
    expect(url.searchParams.get('scope')).toBe('openid profile');
    expect(url.searchParams.get('state')).toMatch(/^.{32}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^.{32}$/);
    expect(url.searchParams.get('state')).not.toBe(url.searchParams.get('nonce'));
    // The provider's sign-in page, arrived at: closing the context while a navigation commits can
    // hang Chromium (microsoft/playwright#41900).
    await page.waitForURL(/\/identity\/interaction\//);
    await page.waitForLoadState();
    const origin = (await context.storageState()).origins.find((o) => o.origin === baseUrl);
    const remembered = origin?.localStorage.find((item) => item.name === 'loginBackNextPath');
    expect(remembered?.value).toBe('/views/my');
    await context.close();
  });
});
