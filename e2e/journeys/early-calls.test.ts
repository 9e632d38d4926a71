import {
  callsAt,
  EARLY_ANSWERS_GLOBAL,
  SESSION_COOKIE,
  SIGNED_IN_FIRST_CALLS,
} from '@portal/contracts';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { candidateWithEveryScreen, type CandidateScreens } from '../support/candidate-states.js';

/**
 * Issue 31, point 5 (render-as-you-fetch): when the server cannot draw a signed-in screen (its page
 * request carries no token: the cookie the app keeps for it is gone here before each page, as for a
 * browser that has not written it yet), the screen's first calls are sent by the host page's first
 * script while the app's scripts still load, and the app takes their answers instead of asking
 * again. The app's entry is held here until they are sent: a call seen before it is let go can only
 * be the early script's, and each call seen once in all is one the app did not repeat.
 */
const baseUrl = inject('baseUrl');
const SCREENS = ['apply', 'payment', 'ticket', 'exam', 'my', 'myProject'] as const;
/** The app's entry module (index.html's): nothing of the app runs before it does. */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** A service call as the early script and the app both key it: its name and sorted query. */
function callKey(url: URL, names: ReadonlyMap<string, string>): string | null {
  const name = [...names].find(([path]) => url.pathname.endsWith(path))?.[1];
  if (!name) return null;
  const sorted = new URLSearchParams(url.search);
  sorted.sort();
  return `${name}?${sorted.toString()}`;
}

const listedKeys = (layout: 'mobile' | 'desktop', address: string) =>
  callsAt(SIGNED_IN_FIRST_CALLS[layout], new URL(address)).map(({ key }) => key);

const ENDPOINT_NAMES = new Map(
  Object.values(SIGNED_IN_FIRST_CALLS)
    .flatMap((pages) => Object.values(pages).flat())
    .map(({ endpoint }) => [endpoint.path, endpoint.name]),
);

describe('a signed-in screen’s first calls go out before the app loads (issue 31)', () => {
  let browser: Browser;
  let screens: CandidateScreens;
  let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext(PHONE);
    screens = await candidateWithEveryScreen(await context.newPage(), baseUrl, '早到考生');
    storageState = await context.storageState();
    await context.close();
  }, 180_000);
  afterAll(() => browser?.close());

  async function checkLayout(layout: 'mobile' | 'desktop', device: BrowserContextOptions) {
    const context = await browser.newContext({ ...device, storageState });
    try {
      for (const screen of SCREENS) {
        const address = screens[screen];
        const expected = listedKeys(layout, address);
        expect(expected.length, `${layout} ${screen} lists calls`).toBeGreaterThan(0);
        // The app wrote it again on the page before: this page request goes without it.
        await context.clearCookies({ name: SESSION_COOKIE });
        const page = await context.newPage();
        const seen: string[] = [];
        const beforeApp = new Set<string>();
        let appReleased = false;
        page.on('request', (request) => {
          const key = callKey(new URL(request.url()), ENDPOINT_NAMES);
          if (!key) return;
          seen.push(key);
          if (!appReleased) beforeApp.add(key);
        });
        await page.route(APP_ENTRY, async (route) => {
          await expect
            .poll(() => expected.every((key) => beforeApp.has(key)), { timeout: 10_000 })
            .toBe(true)
            .catch(() => undefined);
          appReleased = true;
          await route.continue();
        });
        await page.goto(address);
        await page.waitForLoadState('networkidle');
        await page.locator('#root :is(h1, h2, h3, p, dd, li)').first().waitFor();
        await page.waitForLoadState('networkidle');
        // Every answer the early script brought was taken (one listed but never asked for would be
        // left here, a read wasted and an answer that could go stale).
        const untaken = await page.evaluate(
          (global) =>
            (window as unknown as Record<string, { answers: Map<string, unknown> } | undefined>)[
              global
            ]?.answers.size ?? 0,
          EARLY_ANSWERS_GLOBAL,
        );
        await page.close();
        expect(untaken, `${layout} ${screen}: every early answer taken`).toBe(0);
        expect([...beforeApp], `${layout} ${screen}: sent before the app`).toEqual(
          expect.arrayContaining(expected),
        );
        for (const key of expected)
          expect(
            seen.filter((s) => s === key),
            `${layout} ${screen}: ${key} once`,
          ).toHaveLength(1);
      }
    } finally {
      await context.close();
    }
  }

  it('on a phone', { timeout: 120_000 }, () => checkLayout('mobile', PHONE));
  it('on a desktop', { timeout: 120_000 }, () => checkLayout('desktop', DESKTOP));
});
