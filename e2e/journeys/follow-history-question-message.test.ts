import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, PHONE, WECHAT_PHONE } from '../support/browser.js';
import { signInAtProvider } from '../support/sign-in.js';
import { checkScreen, escapeRegExp, hasNoHorizontalScroll } from '../support/screens.js';

const baseUrl = inject('baseUrl');

/** Each run follows its own project (server seed), so the two runs do not meet. */
const PROJECTS: Record<string, string> = {
  phone: '2026年“互联网+”大学生创新创业大赛校赛',
  wechat: '北京市海淀区2026年事业单位公开招聘工作人员',
};

/** The unread count the 消息 tab shows (0 when it shows none). */
async function badgeCount(page: Page): Promise<number> {
  const text = (await page.locator('[data-tab-path="/views/notice"]').textContent()) ?? '';
  const match = /，(\d+)条未读/.exec(text);
  return match ? Number(match[1]) : 0;
}

describe.each([
  ['phone', PHONE],
  ['wechat', WECHAT_PHONE],
] as [string, BrowserContextOptions][])(
  'journey 3 (%s): follow, history, question, message',
  (variant, device) => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser.close();
    });

    it('follows a project and finds it in my/myLike and my/myHistory, asks a question and finds it in home/questionMy, reads an unread message and the badge goes down by one', async () => {
      const title = PROJECTS[variant]!;
      const context = await browser.newContext(device);
      const page = await context.newPage();

      // Signed in as the demo user.
      await page.goto(`${baseUrl}/views/my`);
      await signInAtProvider(page);
      await page.waitForURL(`${baseUrl}/views/my`);

      // The home page signed in: the in-progress strip is there.
      await page.goto(`${baseUrl}/views/home`);
      await page.getByRole('heading', { name: '进行中' }).waitFor();
      await page.getByRole('heading', { name: '热门报名' }).waitFor();
      await page
        .locator('[data-tab-path="/views/notice"]')
        .getByText(/条未读/)
        .waitFor();
      await checkScreen(page, `issue4-home-signed-in-${variant}`);

      // Find the project and follow it.
      await page.getByRole('searchbox').fill(title.slice(0, 12));
      await page.getByRole('searchbox').press('Enter');
      await page.waitForURL('**/views/home/project?Keyword=*');
      await page
        .getByRole('list', { name: '项目列表' })
        .getByRole('link', { name: new RegExp(escapeRegExp(title)) })
        .click();
      await page.waitForURL('**/views/flowManage?ProjectId=*');
      const projectUrl = page.url();
      const projectId = new URL(projectUrl).searchParams.get('ProjectId');
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      const follow = page.getByRole('button', { name: /收藏/ });
      if ((await follow.getAttribute('aria-pressed')) === 'true') {
        await follow.click();
        await page.getByRole('button', { name: '收藏', pressed: false }).waitFor();
      }
      await page.getByRole('button', { name: '收藏', exact: true }).click();
      await page.getByRole('button', { name: '已收藏', pressed: true }).waitFor();
      await checkScreen(page, `issue4-flow-manage-followed-${variant}`);

      await page.goto(`${baseUrl}/views/my/myLike`);
      await page
        .getByRole('list', { name: '我的收藏' })
        .getByRole('link', { name: new RegExp(escapeRegExp(title)) })
        .waitFor();
      await checkScreen(page, `issue4-my-like-${variant}`);

      await page.goto(`${baseUrl}/views/my/myHistory`);
      const history = page.getByRole('list', { name: '我的足迹' }).getByRole('link');
      await history.first().waitFor();
      // The latest visit comes first.
      expect(await history.first().getAttribute('href')).toBe(
        `/views/flowManage?ProjectId=${projectId}`,
      );
      await checkScreen(page, `issue4-my-history-${variant}`);

      // Ask a question from the project's Q&A.
      await page.goto(projectUrl);
      await page.getByRole('link', { name: /查看全部问答或提问/ }).click();
      await page.waitForURL('**/views/home/question?ProjectId=*');
      await page.getByRole('button', { name: '我要提问' }).waitFor();
      await checkScreen(page, `issue4-question-${variant}`);
      await page.getByRole('button', { name: '我要提问' }).click();
      await page.waitForURL('**/views/home/questionSend?ProjectId=*');
      const box = page.getByLabel('您的问题');
      await box.fill('太短');
      await page.getByRole('button', { name: '提交问题' }).click();
      await page.getByRole('alert').getByText('问题至少5个字').waitFor();
      await checkScreen(page, `issue4-question-send-refused-${variant}`);
      const question = `请问非应届毕业生可以报名吗？（${variant} ${Date.now()}）`;
      await box.fill(question);
      await page.getByRole('button', { name: '提交问题' }).click();
      await page.waitForURL(`**/views/home/questionMy?ProjectId=${projectId}`);
      const mine = page.getByRole('list', { name: '我的提问' }).getByRole('listitem').filter({
        hasText: question,
      });
      await mine.waitFor();
      expect(await mine.textContent()).toContain('待回复');
      await checkScreen(page, `issue4-question-my-${variant}`);
      expect(await hasNoHorizontalScroll(page)).toBe(true);

      // Read an unread message: the tab badge goes down by one.
      await page.goto(`${baseUrl}/views/notice`);
      await page
        .locator('[data-tab-path="/views/notice"]')
        .getByText(/条未读/)
        .waitFor();
      const before = await badgeCount(page);
      expect(before).toBeGreaterThan(0);
      await page.getByRole('tab', { name: '我的消息' }).click();
      const unread = page
        .getByRole('list', { name: '我的消息' })
        .getByRole('link')
        .filter({ hasText: '未读' })
        .first();
      await unread.waitFor();
      await checkScreen(page, `issue4-notice-messages-${variant}`);
      await unread.click();
      await page.waitForURL('**/views/notice/detail?MessageId=*');
      await page.locator('.notice-detail__title').waitFor();
      await checkScreen(page, `issue4-notice-detail-message-${variant}`);
      await page.getByRole('button', { name: '返回' }).click();
      await page.waitForURL('**/views/notice?tab=message');
      await expect.poll(() => badgeCount(page)).toBe(before - 1);
      await checkScreen(page, `issue4-notice-after-read-${variant}`);

      // Every screen of this journey also fits a 320 px screen.
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of [
        '/views/home',
        '/views/notice?tab=message',
        projectUrl.replace(baseUrl, ''),
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('.mobile-shell__body > *').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await hasNoHorizontalScroll(page), path).toBe(true);
      }
      await context.close();
    });
  },
);
