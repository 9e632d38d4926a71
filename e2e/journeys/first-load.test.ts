import { DESKTOP_PROJECT_PAGE_SIZE, FIRST_SCREEN_CALLS } from '@portal/contracts';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';

const baseUrl = inject('baseUrl');

/** The service calls a page's browser sends while it draws its first screen. */
async function callsWhileOpening(
  browser: Browser,
  device: BrowserContextOptions,
  address: string,
  drawn: (page: Page) => Promise<unknown>,
): Promise<string[]> {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/services/')) calls.push(url.pathname);
  });
  await page.goto(`${baseUrl}${address}`);
  await drawn(page);
  // Whatever the live page asks for, it has asked.
  await page.waitForLoadState('networkidle');
  await context.close();
  return calls;
}

/** A request path that ends with the endpoint's path (GetProject is not GetProjectPosition). */
const endingWith = (path: string) =>
  expect.stringMatching(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

const endpointsOf = (layout: 'mobile' | 'desktop', pathname: string) =>
  FIRST_SCREEN_CALLS[layout][pathname]!.map((call) => call.endpoint.path);

describe('first load: an anonymous first screen needs no service call of its own', () => {
  let browser: Browser;
  let projectId: number;
  beforeAll(async () => {
    browser = await launchBrowser();
    const list = await fetch(
      `${baseUrl}/services/exam-flow/OpenService/v1/Project/GetProjectList?PageIndex=1&PageSize=1`,
    );
    projectId = ((await list.json()) as { Data: { Items: { ProjectId: number }[] } }).Data.Items[0]!
      .ProjectId;
  });
  afterAll(() => browser.close());

  it('the project list, home and a project page on a phone draw from the host page', async () => {
    const list = await callsWhileOpening(browser, PHONE, '/views/home/project', async (page) => {
      await page.waitForFunction(() => document.title.startsWith('项目-'));
      const cards = page.getByRole('list', { name: '项目列表' }).getByRole('link');
      expect(await cards.count()).toBe(10);
      await page.getByRole('group', { name: '项目分类' }).getByRole('link').first().waitFor();
    });
    for (const path of endpointsOf('mobile', '/views/home/project'))
      expect(list).not.toContainEqual(endingWith(path));

    const home = await callsWhileOpening(browser, PHONE, '/views/home', async (page) => {
      await page.waitForFunction(() => document.title.startsWith('首页-'));
      await page.getByRole('heading', { name: '项目分类' }).waitFor();
      await page.getByRole('list', { name: '推荐' }).getByRole('img').first().waitFor();
    });
    for (const path of endpointsOf('mobile', '/views/home'))
      expect(home).not.toContainEqual(endingWith(path));

    const flow = await callsWhileOpening(
      browser,
      PHONE,
      `/views/flowManage?ProjectId=${projectId}`,
      async (page) => {
        await page.waitForFunction(() => document.title.startsWith('报名流程-'));
        await page.getByRole('heading', { level: 2 }).first().waitFor();
      },
    );
    for (const path of endpointsOf('mobile', '/views/flowManage'))
      expect(flow).not.toContainEqual(endingWith(path));
  });

  it('a desktop project page too, and a filtered list', async () => {
    // Drawn by the server: the calls would come once the page lives, when its title is set.
    const list = await callsWhileOpening(browser, DESKTOP, '/views/home/project', async (page) => {
      await page.waitForFunction(() => document.title.startsWith('项目列表-'));
      expect(await page.locator('.d-projects__grid > li').count()).toBe(DESKTOP_PROJECT_PAGE_SIZE);
    });
    for (const path of endpointsOf('desktop', '/views/home/project'))
      expect(list).not.toContainEqual(endingWith(path));

    const home = await callsWhileOpening(browser, DESKTOP, '/views/home', async (page) => {
      await page.waitForFunction(() => document.title.startsWith('首页-'));
      await page.getByRole('heading', { name: '项目分类' }).waitFor();
    });
    for (const path of endpointsOf('desktop', '/views/home'))
      expect(home).not.toContainEqual(endingWith(path));

    const flow = await callsWhileOpening(
      browser,
      DESKTOP,
      `/views/flowManage?ProjectId=${projectId}`,
      (page) => page.waitForFunction(() => document.title.startsWith('报名流程-')),
    );
    for (const path of endpointsOf('desktop', '/views/flowManage'))
      expect(flow).not.toContainEqual(endingWith(path));

    // The page lives (its title set) and has asked for all it would: the answer was in the page.
    const filtered = await callsWhileOpening(
      browser,
      PHONE,
      '/views/home/project?State=Applying&Keyword=测评',
      async (page) => {
        await page.waitForFunction(() => document.title.startsWith('项目-'));
        const cards = page.getByRole('list', { name: '项目列表' }).getByRole('link');
        expect(await cards.count()).toBeGreaterThan(0);
      },
    );
    expect(filtered).toContainEqual(endingWith('/PageConfig/GetPageConfig'));
    for (const path of endpointsOf('mobile', '/views/home/project'))
      expect(filtered).not.toContainEqual(endingWith(path));
  });
});
