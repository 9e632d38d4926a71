import {
  ANSWERED_FOR_ATTRIBUTE,
  callsAt,
  EARLY_CALLS_ELEMENT_ID,
  FIRST_ANSWERS_ELEMENT_ID,
  followUpsAt,
  SESSION_COOKIE,
  SIGNED_IN_FIRST_CALLS,
  SIGNED_IN_FOLLOW_UPS,
} from '@portal/contracts';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { candidateWithEveryScreen, type CandidateScreens } from '../support/candidate-states.js';

/**
 * Issue 31, point 5: a signed-in screen comes drawn by the server for the account whose token its
 * page request carries (the cookie the app keeps beside its sign-in record, for page addresses
 * only), and comes alive in place: the drawn nodes stay, nothing is logged, and the screen's first
 * calls are not asked again (their answers came with the page).
 */
const baseUrl = inject('baseUrl');
const NAME = '画面考生';
/** The screens whose first calls are all reads the host asks (SIGNED_IN_FIRST_CALLS). */
const DRAWN = ['my', 'myProject', 'apply'] as const;

const ENDPOINT_NAMES = new Map(
  [
    ...Object.values(SIGNED_IN_FIRST_CALLS).flatMap((pages) => Object.values(pages).flat()),
    ...Object.values(SIGNED_IN_FOLLOW_UPS).flatMap((pages) => Object.values(pages).flat()),
  ].map(({ endpoint }) => [endpoint.path, endpoint.name]),
);
/** A service call keyed as the host page's island keys it: its name and sorted query. */
function callKey(url: URL): string | null {
  const name = [...ENDPOINT_NAMES].find(([path]) => url.pathname.endsWith(path))?.[1];
  if (!name) return null;
  const sorted = new URLSearchParams(url.search);
  sorted.sort();
  return `${name}?${sorted.toString()}`;
}

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

let browser: Browser;
let screens: CandidateScreens;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
let sessionCookie: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext(PHONE);
  screens = await candidateWithEveryScreen(await context.newPage(), baseUrl, NAME);
  storageState = await context.storageState();
  await context.close();
  const cookie = storageState.cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie, 'the app keeps its token for page requests').toBeDefined();
  expect(cookie!.path).toBe('/views');
  sessionCookie = `${SESSION_COOKIE}=${cookie!.value}`;
}, 180_000);
afterAll(() => browser?.close());

describe('a signed-in screen comes drawn by the server for its account (issue 31)', () => {
  async function hostPage(address: string, device: BrowserContextOptions, cookie?: string) {
    const response = await fetch(address, {
      headers: { 'User-Agent': device.userAgent!, ...(cookie ? { Cookie: cookie } : {}) },
    });
    expect(response.status).toBe(200);
    return { html: await response.text(), cacheControl: response.headers.get('cache-control') };
  }

  it('the host page holds the screen, kept by no cache, its answers named for the account', async () => {
    for (const device of [PHONE, DESKTOP]) {
      for (const screen of DRAWN) {
        const { html, cacheControl } = await hostPage(screens[screen], device, sessionCookie);
        const what = `${device === PHONE ? 'mobile' : 'desktop'} ${screen}`;
        expect(rootOf(html), `${what} drawn`).not.toContain('<div id="root"></div>');
        expect(cacheControl, what).toBe('private, no-store');
        expect(html, what).toMatch(new RegExp(`${ANSWERED_FOR_ATTRIBUTE}="\\d+"`));
        expect(html, what).not.toContain(EARLY_CALLS_ELEMENT_ID);
      }
      // The personal centre shows whose it is; on a desktop, with its to-dos, the started exam's
      // among them (asked by the host after the applications: SIGNED_IN_FOLLOW_UPS).
      const my = rootOf((await hostPage(screens.my, device, sessionCookie)).html);
      expect(my).toContain(NAME);
      if (device === DESKTOP) expect(my).toContain('参加考试');
      // Without the token the page is the app's to draw, as before, and shared caches may keep it.
      const anonymous = await hostPage(screens.my, device);
      expect(rootOf(anonymous.html)).toContain('<div id="root"></div>');
      expect(anonymous.html).not.toContain(ANSWERED_FOR_ATTRIBUTE);
      expect(anonymous.cacheControl).toBe('no-cache');
    }
    // A token the services refuse (its signature broken) draws nothing either.
    const broken = `${sessionCookie.slice(0, -4)}AAAA`;
    expect(rootOf((await hostPage(screens.my, PHONE, broken)).html)).toContain(
      '<div id="root"></div>',
    );
  });

  async function comesAlive(layout: 'mobile' | 'desktop', device: BrowserContextOptions) {
    const context = await browser.newContext({ ...device, storageState });
    try {
      for (const screen of DRAWN) {
        const page = await context.newPage();
        const problems: string[] = [];
        const asked: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        page.on('request', (request) => {
          const key = callKey(new URL(request.url()));
          if (key) asked.push(key);
        });
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            (window as unknown as { drawn: Element | null }).drawn =
              document.querySelector('#root > *');
          });
        });
        await page.goto(screens[screen]);
        await page.waitForLoadState('networkidle');
        await page.locator('#root :is(h1, h2, h3)').first().waitFor();
        const what = `${layout} ${screen}`;
        expect(
          await page.evaluate(() => {
            const drawn = (window as unknown as { drawn: Element | null }).drawn;
            return drawn !== null && document.contains(drawn);
          }),
          `${what}: the drawn nodes stay`,
        ).toBe(true);
        expect(problems, `${what}: nothing logged`).toEqual([]);
        const address = new URL(screens[screen]);
        const island = await page.evaluate(
          (id) => JSON.parse(document.getElementById(id)?.textContent ?? '{}') as object,
          FIRST_ANSWERS_ELEMENT_ID,
        );
        const listed = [
          ...callsAt(SIGNED_IN_FIRST_CALLS[layout], address),
          ...followUpsAt(SIGNED_IN_FOLLOW_UPS[layout], address, island as Record<string, unknown>),
        ].map(({ key }) => key);
        if (layout === 'desktop' && screen === 'my')
          expect(listed.filter((key) => key.startsWith('ProjectOnLineExamine/'))).toHaveLength(1);
        expect(
          asked.filter((key) => listed.includes(key)),
          `${what}: no first call asked again`,
        ).toEqual([]);
        await screenshot(page, `issue31-signed-in-drawn-${layout}-${screen}`);
        await page.close();
      }
      // Alive: the layout's 项目 link opens the project list in the same document.
      const page = await context.newPage();
      await page.goto(screens.my);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      await page.getByRole('link', { name: '项目', exact: true }).first().click();
      await page.waitForURL('**/views/home/project');
      expect(
        await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      await page.close();
    } finally {
      await context.close();
    }
  }

  it('on a phone it comes alive in place', { timeout: 120_000 }, () => comesAlive('mobile', PHONE));
  it('on a desktop it comes alive in place', { timeout: 120_000 }, () =>
    comesAlive('desktop', DESKTOP),
  );

  it("the exam opened from the drawn workbench asks its own state: its clock is never set from the server's drawing", async () => {
    const context = await browser.newContext({ ...DESKTOP, storageState });
    const page = await context.newPage();
    await page.goto(screens.my);
    await page.waitForFunction(() => document.title.startsWith('个人中心-'));
    const applyId = new URL(screens.exam).searchParams.get('ApplyId');
    const asked = page.waitForRequest(
      (request) =>
        request.url().includes('ProjectOnLineExamine/GetExamine') &&
        new URL(request.url()).searchParams.get('ApplyId') === applyId,
    );
    // Within the 30 s a drawn page's answers are kept, inside the app (no new document).
    await page.getByRole('button', { name: /^参加考试：/ }).click();
    await page.waitForURL('**/views/onlineExam?**');
    await asked;
    await page.getByRole('timer').waitFor();
    await context.close();
  });

  it('signing out removes the token from the pages: the next one is not drawn', async () => {
    const context = await browser.newContext({ ...DESKTOP, storageState });
    const page = await context.newPage();
    await page.goto(screens.my);
    // A drawn button works once the app has hydrated the page (its title is the route's then).
    await page.waitForFunction(() => document.title.startsWith('个人中心-'));
    await page.getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/views/auth/loginout**');
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === SESSION_COOKIE)).toBe(false);
    // The token it held is refused now too: a copy of the cookie kept elsewhere draws nothing.
    expect(rootOf((await hostPage(screens.my, DESKTOP, sessionCookie)).html)).toContain(
      '<div id="root"></div>',
    );
    await context.close();
  });
});
