import { getScore, getUserProject, requestScoreReview } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { apiOf, type SignedInApi } from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 30, point 18: the demo candidate's contest result is published with its 复核 window open.
 * On the phone the score is reached from the flow's 考试结果, a 复核 is filed, refused a second
 * time, taken up and answered by the organiser (the dev tools), and the answer read; on a PC the
 * page is reached from 我的项目 and a second 复核 is filed and answered without change.
 */
const baseUrl = inject('baseUrl');
const WIDE = { ...DESKTOP, viewport: { width: 1440, height: 900 } };

/** The organiser's side: take up (no answer) or answer a 复核, as the back office would. */
async function organiserAnswers(reviewId: number, answer?: string, scoreAfter?: number) {
  const response = await fetch(`${baseUrl}/dev/score-review`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ReviewId: reviewId, Answer: answer, ScoreAfter: scoreAfter }),
  });
  expect(response.status).toBe(200);
}

/** The seed's finished contest of the demo candidate, scored 90. */
const FINISHED_CONTEST = '2025年全国大学生数学竞赛（非数学类）初赛';

async function finishedApplication(api: SignedInApi) {
  // By its title: other journeys finish the demo candidate's online exams too.
  const mine = await api.call(getUserProject, { Status: 'Finished', PageIndex: 1, PageSize: 50 });
  const finished = mine.Items.find((a) => a.ProjectTitle === FINISHED_CONTEST)!;
  expect(finished, 'the demo candidate’s finished contest').toBeTruthy();
  return finished;
}

async function openReviewId(api: SignedInApi, applyId: number): Promise<number> {
  const view = await api.call(getScore, { ApplyId: applyId });
  return view.Reviews.find((r) => r.Status !== 'Answered')!.ReviewId;
}

describe('scores and 复核 (issue 30, point 18)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it(
    'phone: the published score from 考试结果, a 复核 filed once, answered, and read',
    { timeout: 180_000 },
    async () => {
      context = await browser.newContext(PHONE);
      page = await context.newPage();
      await page.goto(`${baseUrl}/views/my/myProject`);
      await signInAtProvider(page);
      await page.waitForURL('**/views/my/myProject');
      const api = await apiOf(page);
      const finished = await finishedApplication(api);

      await page.goto(`${baseUrl}/views/flowManage?ProjectId=${finished.ProjectId}`);
      await page.getByRole('button', { name: '查看成绩' }).click();
      await page.waitForURL(`**/views/score?ApplyId=${finished.ApplyId}`);
      await page.getByText('90 分（满分 100 分）').waitFor();
      await page.getByText('达到合格线（60 分），进入下一环节').waitFor();
      await page.getByText(/^复核申请时间：/).waitFor();
      await checkScreen(page, 'issue30-score-phone');

      // Too short a reason is refused at the field, in Chinese; what was typed stays.
      const reason = page.getByRole('textbox', { name: '复核理由' });
      await reason.fill('有误');
      await page.getByRole('button', { name: '提交复核申请' }).click();
      await page.getByRole('alert').filter({ hasText: '至少5个字' }).waitFor();
      await expect(reason.inputValue()).resolves.toBe('有误');
      await reason.fill('第三大题第2小题的解答步骤完整，评分似乎漏计了步骤分，请复核。');
      await page.getByRole('button', { name: '提交复核申请' }).click();
      const mine = page.getByRole('list', { name: '我的复核申请' });
      await mine.getByText('复核理由：第三大题第2小题').waitFor();
      await mine.locator('[aria-current="step"]', { hasText: '已提交' }).waitFor();
      // One open 复核: the form is gone, the page says why, and the server refuses a second.
      await page.getByText('您已提交复核申请，请等待答复，不能重复提交').waitFor();
      expect(await page.getByRole('button', { name: '提交复核申请' }).count()).toBe(0);
      expect(
        await api.status(requestScoreReview, {
          ApplyId: finished.ApplyId,
          Reason: '再提交一次同样的申请试试',
        }),
      ).toBe(409);
      await checkScreen(page, 'issue30-score-review-filed-phone');

      const reviewId = await openReviewId(api, finished.ApplyId);
      await organiserAnswers(reviewId);
      await page.reload();
      await mine.locator('[aria-current="step"]', { hasText: '复核中' }).waitFor();
      await organiserAnswers(reviewId, '经复核，该题漏计步骤分2分，已更正。', 92);
      await page.reload();
      await mine.locator('[aria-current="step"]', { hasText: '已答复' }).waitFor();
      await mine.getByText('复核结果：成绩由 90 分更正为 92 分').waitFor();
      await mine.getByText('答复：经复核，该题漏计步骤分2分，已更正。').waitFor();
      await page.getByText('92 分（满分 100 分）').waitFor();
      await checkScreen(page, 'issue30-score-review-answered-phone');

      // 我的项目 leads there too.
      await page.goto(`${baseUrl}/views/my/myProject`);
      await page.getByRole('link', { name: `查看成绩：${finished.ProjectTitle}` }).click();
      await page.waitForURL(`**/views/score?ApplyId=${finished.ApplyId}`);
      await page.getByText('92 分（满分 100 分）').waitFor();
      await context.close();
    },
  );

  it(
    'desktop: from 我的项目 to the score, a second 复核 filed and answered without change',
    { timeout: 180_000 },
    async () => {
      context = await browser.newContext(WIDE);
      page = await context.newPage();
      await page.goto(`${baseUrl}/views/my/myProject`);
      await signInAtProvider(page);
      await page.waitForURL('**/views/my/myProject');
      const api = await apiOf(page);
      const finished = await finishedApplication(api);
      await page.getByRole('link', { name: '查看成绩' }).first().click();
      await page.waitForURL(`**/views/score?ApplyId=${finished.ApplyId}`);
      await page.getByRole('heading', { name: finished.ProjectTitle }).waitFor();
      await page.getByText(/^\d+ 分（满分 100 分）$/).waitFor();
      await checkScreen(page, 'issue30-score-desktop');

      const score = (await api.call(getScore, { ApplyId: finished.ApplyId })).Score!;
      await page
        .getByRole('textbox', { name: '复核理由' })
        .fill('填空题第5题的答案与标准答案等价，请复核是否应当得分。');
      await page.getByRole('button', { name: '提交复核申请' }).click();
      const mine = page.getByRole('list', { name: '我的复核申请' });
      await mine.locator('[aria-current="step"]', { hasText: '已提交' }).waitFor();
      await page.getByText('您已提交复核申请，请等待答复，不能重复提交').waitFor();
      await checkScreen(page, 'issue30-score-review-filed-desktop');

      await organiserAnswers(
        await openReviewId(api, finished.ApplyId),
        '经复核，该题答案与标准答案不等价，维持原评分。',
      );
      await page.reload();
      await mine.getByText(`复核结果：成绩不变（${score} 分）`).waitFor();
      await mine.getByText('答复：经复核，该题答案与标准答案不等价，维持原评分。').waitFor();
      await checkScreen(page, 'issue30-score-review-answered-desktop');
    },
  );
});
