import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { signInAtProvider } from '../support/sign-in.js';

const baseUrl = inject('baseUrl');

interface Opened {
  page: Page;
  /** Console errors and uncaught exceptions while the page was open. */
  problems: string[];
  /** The addresses the page requested. */
  requests: string[];
  /** Whether the heading drawn by the server is still the one in the document. */
  serverHeadingKept: () => Promise<boolean>;
}

/** Opens a page, keeping a hold on the server-drawn heading from before any script ran. */
async function open(
  browser: Browser,
  address: string,
  { page, device = PHONE }: { page?: Page; device?: BrowserContextOptions } = {},
): Promise<Opened> {
  const tab = page ?? (await (await browser.newContext(device)).newPage());
  const problems: string[] = [];
  const requests: string[] = [];
  tab.on('request', (request) => requests.push(request.url()));
  tab.on('pageerror', (error) => problems.push(error.message));
  tab.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await tab.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnHeading: Element | null }).drawnHeading =
        document.querySelector('#root h1');
    });
  });
  await tab.goto(`${baseUrl}${address}`);
  return {
    page: tab,
    problems,
    requests,
    serverHeadingKept: () =>
      tab.evaluate(() => {
        const drawn = (window as unknown as { drawnHeading: Element | null }).drawnHeading;
        return drawn !== null && document.contains(drawn);
      }),
  };
}

async function hostPage(address: string, device = PHONE): Promise<string> {
  const response = await fetch(`${baseUrl}${address}`, {
    headers: { 'User-Agent': device.userAgent! },
  });
  expect(response.status).toBe(200);
  return response.text();
}

interface ListedProject {
  ProjectId: number;
  Title: string;
}

async function firstListedProject(): Promise<ListedProject> {
  const list = await fetch(
    `${baseUrl}/services/exam-flow/OpenService/v1/Project/GetProjectList?PageIndex=1&PageSize=1`,
  );
  return ((await list.json()) as { Data: { Items: ListedProject[] } }).Data.Items[0]!;
}

const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

/** The pages drawn for a signed-out visitor, each with a text its drawing holds. */
const drawnPages = (project: ListedProject) =>
  [
    ['/views/home/project', project.Title],
    ['/views/home', '项目分类'],
    [`/views/flowManage?ProjectId=${project.ProjectId}`, project.Title],
  ] as const;

/** boot.ts is the one script; the rest are named for it to load after the first paint. */
function expectOnlyBootScript(html: string) {
  expect(html).not.toContain('rel="modulepreload"');
  expect(html.match(/<script type="module"[^>]*src="\/assets\/boot-[^"]+\.js"/g)).toHaveLength(1);
  expect(html).toContain('id="portal-deferred-scripts"');
}

let browser: Browser;
let project: ListedProject;
beforeAll(async () => {
  browser = await launchBrowser();
  project = await firstListedProject();
});
afterAll(() => browser.close());

describe('a phone’s first screens come drawn by the server and come alive in place', () => {
  it('the host page holds the screen and no script before it paints', async () => {
    for (const [address, text] of drawnPages(project)) {
      const html = await hostPage(address);
      expect(rootOf(html)).toContain(text);
      expectOnlyBootScript(html);
    }
    // A filtered list is drawn as filtered (a filter chip is a link to it).
    const filtered = rootOf(await hostPage('/views/home/project?Keyword=zz'));
    expect(filtered).toContain('没有找到与“zz”相关的项目');
    // Pages without first answers (a page behind sign-in) are drawn by the SPA.
    expect(await hostPage('/views/my')).toContain('<div id="root"></div>');
  });

  it('hydrates: the drawn nodes stay, nothing is logged, and the page answers', async () => {
    const list = await open(browser, '/views/home/project');
    const states = list.page.getByRole('group', { name: '报名状态' });
    await list.page.waitForFunction(() => document.title.startsWith('项目-'));
    // The live page filters in place: this document, not a new one, shows the filtered list.
    await list.page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await states.getByRole('link', { name: '报名中' }).click();
    await list.page.waitForURL(/State=/);
    await states.locator('[aria-current="true"]', { hasText: '报名中' }).waitFor();
    expect(
      await list.page.evaluate(
        () => (window as unknown as { sameDocument?: boolean }).sameDocument,
      ),
    ).toBe(true);
    // §2: a hydrated router skips its root loader; the rules still made the page-config call.
    expect(list.requests).toContainEqual(expect.stringContaining('/PageConfig/GetPageConfig?'));
    expect(await list.serverHeadingKept()).toBe(true);
    expect(list.problems).toEqual([]);

    const flow = await open(browser, `/views/flowManage?ProjectId=${project.ProjectId}`);
    await flow.page.waitForFunction(() => document.title.startsWith('报名流程-'));
    await flow.page.getByRole('heading', { name: project.Title }).waitFor();
    expect(await flow.serverHeadingKept()).toBe(true);
    expect(flow.problems).toEqual([]);
    await list.page.context().close();
    await flow.page.context().close();
  });

  it('a filter chip tapped before the scripts arrive opens the filtered list, drawn', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    // No script runs in this test: what the candidate sees and taps is the server's drawing.
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/views/home/project`);
    const states = page.getByRole('group', { name: '报名状态' });
    await states.getByRole('link', { name: '已截止' }).click();
    await page.waitForURL(/State=Closed/);
    await states.locator('[aria-current="true"]', { hasText: '已截止' }).waitFor();
    const cards = page.getByRole('list', { name: '项目列表' }).getByRole('link');
    await cards.first().waitFor();
    const shown = await page.locator('.project-card .state-tag').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['已截止']));
    await context.close();
  });

  it('立即报名 tapped before the scripts arrive opens the project’s positions', async () => {
    const list = await fetch(
      `${baseUrl}/services/exam-flow/OpenService/v1/Project/GetProjectList?PageIndex=1&PageSize=1&State=Applying`,
    );
    const applying = ((await list.json()) as { Data: { Items: ListedProject[] } }).Data.Items[0]!;
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/views/flowManage?ProjectId=${applying.ProjectId}`);
    await page.getByRole('button', { name: '立即报名' }).click();
    await page.waitForURL(`${baseUrl}/views/home/position?ProjectId=${applying.ProjectId}`);
    await context.close();
  });

  it('a page scrolled before its scripts arrive stays where the candidate scrolled it', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    let releaseEntry: () => void = () => undefined;
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/views/home`);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 0);
    const scrolled = await page.evaluate(() => window.scrollY);
    releaseEntry();
    await page.waitForFunction(() => document.title.startsWith('首页-'));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await context.close();
  });

  it('a signed-in candidate gets the page drawn anew for them', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL('**/views/my');
    const signedIn = await open(browser, '/views/home/project', { page });
    await signedIn.page.getByRole('list', { name: '项目列表' }).getByRole('link').first().waitFor();
    await signedIn.page.waitForFunction(() => document.title.startsWith('项目-'));
    expect(await signedIn.serverHeadingKept()).toBe(false);
    expect(signedIn.problems).toEqual([]);
    await context.close();
  });
});

describe('a desktop’s first screens come drawn by the server too, with antd’s styles', () => {
  it('the host page holds the screen, antd’s styles in its head, and no script before it paints', async () => {
    for (const [address, text] of drawnPages(project)) {
      const html = await hostPage(address, DESKTOP);
      expect(rootOf(html)).toContain(text);
      expect(rootOf(html)).toContain('data-layout="desktop"');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toMatch(/<style[^>]* data-css-hash="[^"]+">[^<]*\.ant-/);
      // What antd reads in the browser to take these styles rather than write them again.
      expect(head).toContain('data-ant-cssinjs-cache-path');
      expectOnlyBootScript(html);
    }
  });

  it('hydrates: the drawn nodes and styles stay, nothing is logged, and the page answers', async () => {
    const list = await open(browser, '/views/home/project', { device: DESKTOP });
    await list.page.waitForFunction(() => document.title.startsWith('项目列表-'));
    // The numbered pages answer only once the page lives (an item is no link).
    await list.page.getByTitle('2', { exact: true }).click();
    await list.page.waitForURL(/PageIndex=2/);
    expect(list.requests).toContainEqual(expect.stringContaining('/PageConfig/GetPageConfig?'));
    expect(await list.serverHeadingKept()).toBe(true);
    // antd took the drawn styles as its own: none written twice.
    const hashes = await list.page.evaluate(() =>
      Array.from(document.querySelectorAll('style[data-css-hash]'), (style) =>
        style.getAttribute('data-css-hash'),
      ),
    );
    expect(hashes.length).toBeGreaterThan(0);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(list.problems).toEqual([]);

    const flow = await open(browser, `/views/flowManage?ProjectId=${project.ProjectId}`, {
      device: DESKTOP,
    });
    await flow.page.waitForFunction(() => document.title.startsWith('报名流程-'));
    await flow.page.getByRole('tab', { name: '项目公告' }).click();
    await flow.page.getByRole('tab', { name: '项目公告', selected: true }).waitFor();
    expect(await flow.serverHeadingKept()).toBe(true);
    expect(flow.problems).toEqual([]);
    await list.page.context().close();
    await flow.page.context().close();
  });

  it('a signed-in candidate gets the page drawn anew for them', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL('**/views/my');
    const signedIn = await open(browser, '/views/home/project', { page });
    await signedIn.page.getByRole('button', { name: '退出' }).waitFor();
    await signedIn.page.waitForFunction(() => document.title.startsWith('项目列表-'));
    expect(await signedIn.serverHeadingKept()).toBe(false);
    expect(signedIn.problems).toEqual([]);
    await context.close();
  });
});
