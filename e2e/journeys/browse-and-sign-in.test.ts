import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, PHONE, WECHAT_PHONE } from '../support/browser.js';
import { signInAtProvider } from '../support/sign-in.js';
import { checkScreen, hasNoHorizontalScroll } from '../support/screens.js';

const baseUrl = inject('baseUrl');
/** A paid project open for applications (server seed); journey 2 may apply to it first. */
const JOURNEY_PROJECT = '2026年全国计算机应用能力在线测评（初级）';

/** Saved at 375×812, checked by axe, and nothing wider than a 320 px screen. */
describe.each([
  ['phone', PHONE],
  ['wechat', WECHAT_PHONE],
] as [string, BrowserContextOptions][])(
  'journey 1 (%s): browse, apply, sign in',
  (variant, device) => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser.close();
    });

    it('an anonymous visitor browses home → project list → a project, taps 立即报名, signs in and is back on the same project', async () => {
      const context = await browser.newContext(device);
      const page = await context.newPage();

      await page.goto(`${baseUrl}/views/home`);
      await page.getByRole('heading', { level: 1, name: '首页' }).waitFor();
      await page.getByRole('img', { name: JOURNEY_PROJECT }).waitFor();
      await page.getByRole('heading', { name: '热门报名' }).waitFor();
      await checkScreen(page, `issue4-home-${variant}`);

      await page.getByRole('link', { name: '全部项目' }).click();
      await page.waitForURL('**/views/home/project');
      await page.getByRole('list', { name: '项目列表' }).waitFor();
      await page.getByRole('searchbox').fill('计算机应用能力');
      const card = page
        .getByRole('list', { name: '项目列表' })
        .getByRole('link', { name: new RegExp(JOURNEY_PROJECT.replace(/[()（）]/g, '.')) });
      await card.waitFor();
      await checkScreen(page, `issue4-project-list-${variant}`);

      await card.click();
      await page.waitForURL('**/views/flowManage?ProjectId=*');
      const projectUrl = page.url();
      await page.getByRole('heading', { level: 2, name: JOURNEY_PROJECT }).waitFor();
      await checkScreen(page, `issue4-flow-manage-anonymous-${variant}`);

      await page.getByRole('button', { name: '立即报名' }).click();
      await signInAtProvider(page);
      await page.waitForURL(projectUrl);
      expect(page.url()).toBe(projectUrl);
      await page.getByRole('heading', { level: 2, name: JOURNEY_PROJECT }).waitFor();
      // Signed in now: the step bar is the candidate's own, with a current step (other journeys
      // on this server may already have applied to the project, so the step itself may differ).
      await page.locator('.flow-steps [aria-current="step"]').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('loginBackNextPath'))).toBeNull();
      await context.close();
    });
  },
);

describe('the other screens of the mobile layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('find, find/category, notice, home/common, home/richText and saas: axe-clean, and no wider than 320 px', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const tooWide: string[] = [];
    const visit = async (path: string, ready: () => Promise<unknown>, name: string) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${baseUrl}${path}`);
      await ready();
      await checkScreen(page, name);
      await page.setViewportSize({ width: 320, height: 640 });
      if (!(await hasNoHorizontalScroll(page))) tooWide.push(path);
    };

    await visit(
      '/views/find',
      () => page.getByRole('heading', { name: '招录考试' }).waitFor(),
      'issue4-find',
    );
    const category = await page
      .locator('a[href^="/views/find/category"]')
      .first()
      .getAttribute('href');
    await visit(
      category!,
      () => page.getByRole('list', { name: '招录考试的项目' }).waitFor(),
      'issue4-find-category',
    );
    await visit(
      '/views/notice',
      () => page.getByRole('list', { name: '项目公告' }).waitFor(),
      'issue4-notice-project',
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('list', { name: '项目公告' }).getByRole('link').first().click();
    await page.locator('.notice-detail__title').waitFor();
    await checkScreen(page, 'issue4-notice-detail-project');
    await visit(
      '/views/notice?tab=message',
      () => page.getByText('登录后查看我的消息').waitFor(),
      'issue4-notice-message-anonymous',
    );
    await visit(
      '/views/home/common',
      () => page.getByRole('list', { name: '解决方案' }).waitFor(),
      'issue4-common',
    );
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('list', { name: '解决方案' }).getByRole('link').first().click();
    await page.locator('.article__title').waitFor();
    await checkScreen(page, 'issue4-common-detail');
    const solution = new URL(page.url()).searchParams.get('SolutionId');
    await visit(
      `/views/home/richText?SolutionId=${solution}`,
      () => page.locator('.article__title').waitFor(),
      'issue4-rich-text',
    );
    await visit(
      '/views/saas',
      () => page.getByRole('button', { name: '咨询购买专业版' }).waitFor(),
      'issue4-saas',
    );
    // The form refuses what is wrong before sending, and says so on the page.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('请填写单位名称').waitFor();
    await page.getByLabel('单位名称').scrollIntoViewIfNeeded();
    await checkScreen(page, 'issue4-saas-form-refused');
    expect(tooWide).toEqual([]);
    await context.close();
  });
});
