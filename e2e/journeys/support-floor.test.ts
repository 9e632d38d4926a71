import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';

const baseUrl = inject('baseUrl');

/**
 * Built-ins newer than the support floor (iOS 14's Safari, Chrome 86): deleted before any script
 * of the page runs, as such a browser lacks them.
 */
const NEWER_BUILT_INS = `
  delete Array.prototype.at;
  delete String.prototype.at;
  delete Array.prototype.findLast;
  delete Array.prototype.findLastIndex;
  delete Object.hasOwn;
  delete globalThis.structuredClone;
`;

/** Public pages, each through the server's drawing and the app's start. */
const PATHS = ['/', '/views/projectList', '/views/flowManage?ProjectId=1'];
const PAGES = [
  { name: 'phone', context: PHONE, paths: PATHS },
  { name: 'desktop', context: DESKTOP, paths: PATHS },
];

describe('the support floor (issue 27): the built pages run without the newer built-ins', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const { name, context: options, paths } of PAGES)
    it(`the ${name} pages start and stay without an error`, async () => {
      const context = await browser.newContext(options);
      await context.addInitScript(NEWER_BUILT_INS);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      // What the start-up catches and shows as its error page, it logs.
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
      });
      for (const path of paths) {
        await page.goto(`${baseUrl}${path}`);
        // The app's entry has run: it brings what the browser lacks.
        await page
          .waitForFunction(() => typeof [].at === 'function', null, { timeout: 20_000 })
          .catch((timeout: unknown) => {
            throw new Error(`the app's entry did not run: ${errors.join('\n') || String(timeout)}`);
          });
        // Then it starts (hydration or a fresh drawing); a failed start logs and shows its error page.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1_000);
        expect(errors).toEqual([]);
        expect(await page.getByText(/页面加载失败|页面无法在此浏览器中运行/).count()).toBe(0);
        // Still the app's page, not the sign-in it would send a visitor to.
        expect(new URL(page.url()).pathname).toMatch(/^\/views\//);
      }
      await screenshot(page, `issue27-floor-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
});
