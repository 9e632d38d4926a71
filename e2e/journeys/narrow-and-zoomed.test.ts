import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser.js';
import { apiOf, unappliedPaidProject } from '../support/portal-api.js';
import {
  checkScreen,
  coveredControls,
  hasNoHorizontalScroll,
  widerThanViewport,
} from '../support/screens.js';
import { signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 29, item 3: the desktop at 1024 px, and at 200% zoom (a 1280×800 window zoomed twice: the
 * page lays out in 640×400 CSS pixels at two device pixels each), signed in: home, the project
 * list, a project, the personal centre and the application form scroll only downwards, and no
 * control is drawn over by another.
 */
const baseUrl = inject('baseUrl');

describe.each([
  ['1024 px', { width: 1024, height: 768 }, 1],
  ['200% zoom', { width: 640, height: 400 }, 2],
] as const)('the desktop at %s', (label, viewport, deviceScaleFactor) => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ ...DESKTOP, viewport, deviceScaleFactor });
    page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL(`${baseUrl}/views/my`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home, list, project, my and the form fit and overlap nothing', async () => {
    const project = await unappliedPaidProject(await apiOf(page));
    // Each screen is ready once its title is set and what it shows has loaded.
    const screens: [string, string, string][] = [
      ['home', '/views/home', '首页'],
      ['list', '/views/home/project', '项目列表'],
      ['project', `/views/flowManage?ProjectId=${project.ProjectId}`, '报名流程'],
      ['my', '/views/my', '个人中心'],
      ['form', `/views/apply?ProjectId=${project.ProjectId}`, '填写报名表'],
    ];
    const problems: string[] = [];
    const shot = label.replace(/\W+/g, '');
    for (const [name, path, title] of screens) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForFunction((prefix) => document.title.startsWith(`${prefix}-`), title);
      await page.waitForLoadState('networkidle');
      await checkScreen(page, `zoom-${shot}-${name}`);
      if (!(await hasNoHorizontalScroll(page)))
        problems.push(`${name}: scrolls sideways (${(await widerThanViewport(page)).join('; ')})`);
      for (const covered of await coveredControls(page)) problems.push(`${name}: ${covered}`);
    }
    expect(problems).toEqual([]);
  });
});
