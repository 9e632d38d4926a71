import { getExamine } from '@portal/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { freshPaidCandidate } from '../support/candidate-states.js';
import { apiOf, applicationsOf } from '../support/portal-api.js';
import { checkScreen, hasNoHorizontalScroll, screenSettled } from '../support/screens.js';
import { signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD } from '../support/sms.js';

/**
 * Issue 30, point 19: a fresh candidate applies, is approved and pays, then meets the exam screen
 * first on a practice attempt (device check, the same sheet, 交卷) that scores nothing — and finds
 * the real exam still not started and no score.
 */
const baseUrl = inject('baseUrl');
/** Paid, open for applications, with an online exam whose window is open (the seed's journey project). */
const PROJECT = '2026年全国计算机应用能力在线测评（初级）';

async function checkPhoneScreen(page: Page, name: string) {
  await screenSettled(page);
  await checkScreen(page, name);
  expect(await hasNoHorizontalScroll(page)).toBe(true);
}

describe('a practice attempt before the real exam (issue 30, point 19)', () => {
  let browser: Browser;
  /** The phone's fresh candidate, for the desktop's practice. */
  let candidate: { mobile: string; examUrl: string } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'phone: a fresh candidate practises twice; the real exam is not started and has no score',
    { timeout: 240_000 },
    async () => {
      const page = await (await browser.newContext(PHONE)).newPage();
      // Applied, approved by the back office, paid at the sandbox cashier.
      const { mobile, projectId, applyId } = await freshPaidCandidate(
        page,
        baseUrl,
        PROJECT,
        '练习考生',
      );

      // The exam's intro offers the practice first.
      const examUrl = `${baseUrl}/views/onlineExam?ProjectId=${projectId}&ApplyId=${applyId}`;
      await page.goto(examUrl);
      await page.getByRole('button', { name: '开始答题' }).waitFor();
      const entry = page.getByRole('link', { name: '先做一次练习' });
      await entry.scrollIntoViewIfNeeded();
      await checkPhoneScreen(page, 'issue30-19-phone-exam-intro-practice-entry');
      await entry.click();
      await page.waitForURL('**/views/onlineExam?**Practice=1**');

      // The practice intro: what it is, and the device check in plain words.
      await page.getByRole('heading', { name: '练习卷（熟悉考试界面，不计分）' }).waitFor();
      await page.getByText(/正常（往返 [\d.]+ (毫秒|秒)）/).waitFor();
      await page.getByText(/本机时间与服务器相差 .+，计时以服务器为准/).waitFor();
      await page.getByText(/像素，可以完整显示试卷/).waitFor();
      await page.getByText('可用，断网时答案先保存在本机').waitFor();
      await page.getByText('设备检测通过，可以开始练习。').waitFor();
      await checkPhoneScreen(page, 'issue30-19-phone-practice-intro');

      // The same sheet, with its banner: answer, saved on the server, then 交卷.
      await page.getByRole('button', { name: '开始练习' }).click();
      await page.getByRole('timer').waitFor();
      await page.getByRole('note').filter({ hasText: '练习模式（不计分）' }).waitFor();
      await page
        .getByRole('group', { name: /单选题/ })
        .first()
        .getByRole('radio', { name: /自动同步/ })
        .check();
      await page
        .getByRole('group', { name: /填空题/ })
        .first()
        .getByRole('textbox')
        .fill('练习');
      await page.getByText('已答 2/4', { exact: true }).waitFor();
      await page.getByRole('status').filter({ hasText: '已保存' }).waitFor();
      // From the sheet's start, as the online-exam journey looks at it: wherever answering left the
      // scroll, an option may sit half under the sticky bars, which axe counts as a small target.
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkPhoneScreen(page, 'issue30-19-phone-practice-sheet');
      await page.getByRole('button', { name: /^交卷/ }).click();
      await page.getByRole('button', { name: '确认交卷' }).click();
      await page.getByRole('heading', { name: '练习已结束，不计成绩' }).waitFor();
      await checkPhoneScreen(page, 'issue30-19-phone-practice-ended');

      // 再练一次: the intro again, and a new attempt with nothing answered.
      await page.getByRole('button', { name: '再练一次' }).click();
      await page.getByRole('button', { name: '开始练习' }).click();
      await page.getByRole('timer').waitFor();
      await page.getByText('已答 0/4', { exact: true }).waitFor();
      await page.getByRole('button', { name: /^交卷/ }).click();
      await page.getByRole('button', { name: '确认交卷' }).click();
      await page.getByRole('heading', { name: '练习已结束，不计成绩' }).waitFor();

      // Back to the exam: not started, no score; the application is still waiting for its exam.
      await page.getByRole('link', { name: '返回考试' }).click();
      await page.waitForURL(examUrl);
      await page.getByRole('button', { name: '开始答题' }).waitFor();
      expect(await page.getByRole('timer').count()).toBe(0);
      const api = await apiOf(page);
      const exam = await api.call(getExamine, { ApplyId: applyId });
      expect(exam).toMatchObject({ Attempt: null, Submitted: false, Score: null });
      const [application] = await applicationsOf(api, projectId);
      expect(application?.Status).toBe('Paid');
      await checkPhoneScreen(page, 'issue30-19-phone-exam-intro-after-practice');
      candidate = { mobile, examUrl };
    },
  );

  it(
    'desktop: the same practice beside the exam, with its device check',
    { timeout: 120_000 },
    async () => {
      expect(candidate, 'the phone journey ran first').toBeDefined();
      const context = await browser.newContext(DESKTOP);
      try {
        const pc = await context.newPage();
        await pc.goto(`${baseUrl}/views/my`);
        await signInAtProvider(pc, candidate!.mobile, FRESH_PASSWORD);
        await pc.waitForURL(`${baseUrl}/views/my`);
        await pc.goto(candidate!.examUrl);
        await pc.getByRole('link', { name: '先做一次练习' }).click();
        await pc.getByText(/正常（往返 [\d.]+ (毫秒|秒)）/).waitFor();
        await screenSettled(pc);
        await checkScreen(pc, 'issue30-19-desktop-practice-intro');
        await pc.getByRole('button', { name: '开始练习' }).click();
        await pc.getByRole('timer').waitFor();
        await pc.getByText('练习模式（不计分）').waitFor();
        await screenSettled(pc);
        await checkScreen(pc, 'issue30-19-desktop-practice-sheet');
        await pc
          .getByRole('complementary', { name: '答题卡' })
          .getByRole('button', { name: /^交卷/ })
          .click();
        await pc.getByRole('button', { name: '确认交卷' }).click();
        await pc.getByRole('heading', { name: '练习已结束，不计成绩' }).waitFor();
        await screenSettled(pc);
        await checkScreen(pc, 'issue30-19-desktop-practice-ended');
      } finally {
        await context.close();
      }
    },
  );
});
