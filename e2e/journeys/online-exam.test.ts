import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.js';
import { freshPaidCandidate } from '../support/candidate-states.js';
import { apiOf, applicationTitled } from '../support/portal-api.js';
import { checkScreen, escapeRegExp, hasNoHorizontalScroll } from '../support/screens.js';

const baseUrl = inject('baseUrl');

/** The seed's paid project open for applications, with a 60-minute online exam. */
const EXAM_PROJECT = '2026年企业人力资源管理师（三级）在线考试';

async function checkExamScreen(page: Page, name: string): Promise<void> {
  await checkScreen(page, name);
  expect(await hasNoHorizontalScroll(page)).toBe(true);
}

describe('journey: the online exam on a phone (the attempt kept by the server)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('answers survive a reload, the paper is submitted once and shows the score, and cannot be answered again', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();

    // A fresh candidate each run (a retry starts over with a new one) with a paid application to
    // the seed's paid project with an online exam. The flow's next action for a Paid application is
    // the ticket, not the exam (the server opens the exam from Paid on), so the exam is opened by
    // its address, as the flow's 参加考试 builds it.
    const { projectId, applyId } = await freshPaidCandidate(
      page,
      baseUrl,
      EXAM_PROJECT,
      '考试考生',
    );
    expect((await applicationTitled(await apiOf(page), EXAM_PROJECT)).Status).toBe('Paid');
    await page.goto(`${baseUrl}/views/onlineExam?ProjectId=${projectId}&ApplyId=${applyId}`);
    const examUrl = page.url();

    // Intro: the paper's facts and the rules; no clock yet.
    await page.getByRole('heading', { name: new RegExp(escapeRegExp(EXAM_PROJECT)) }).waitFor();
    await page.getByText('01:00:00').first().waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);
    await checkExamScreen(page, 'exam-intro');

    await page.getByRole('button', { name: '开始答题' }).click();
    const timer = page.getByRole('timer');
    await timer.waitFor();
    expect(await timer.textContent()).toMatch(/00:(59|60):\d\d|01:00:00/);

    const questions = page.getByRole('group', { name: /^第\d+题/ });
    const count = await questions.count();
    expect(count).toBeGreaterThan(3);
    // The first question with options to choose one of (the order is shuffled per attempt): its
    // second option; the first multiple-choice question: two options.
    const first = page.getByRole('group', { name: /单选题|判断题/ }).first();
    const firstNumber = /第(\d+)题/.exec(
      (await first.locator('legend').first().textContent()) ?? '',
    )![1];
    await first.getByRole('radio').nth(1).check();
    const multiple = page.getByRole('group', { name: /多选题/ }).first();
    await multiple.getByRole('checkbox').nth(0).check();
    await multiple.getByRole('checkbox').nth(2).check();
    await page.getByText(`已答 2/${count}`, { exact: true }).waitFor();

    // Looked at from the paper's start: checking an option scrolled the page, and wherever the
    // shuffled order leaves it, a question's option can sit half under the sticky bar, which axe
    // counts as a target too small (a keyboard's focus is kept clear of the bar by scroll-padding).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: '答题卡' }).click();
    await page.getByRole('button', { name: `第${firstNumber}题，已作答` }).waitFor();
    await checkExamScreen(page, 'exam-answering');
    await page.getByRole('button', { name: '答题卡' }).click();

    // Saved on the server (debounced autosave), then a reload finds the same answers chosen and
    // the clock still running, not reset.
    await page.getByRole('status').filter({ hasText: '已保存' }).waitFor();
    const before = await timer.textContent();
    await page.waitForTimeout(1500);
    await page.reload();
    await timer.waitFor();
    expect(await first.getByRole('radio').nth(1).isChecked()).toBe(true);
    expect(await first.getByRole('radio').nth(0).isChecked()).toBe(false);
    expect(await multiple.getByRole('checkbox').nth(0).isChecked()).toBe(true);
    expect(await multiple.getByRole('checkbox').nth(2).isChecked()).toBe(true);
    expect(await multiple.getByRole('checkbox').nth(1).isChecked()).toBe(false);
    expect((await timer.textContent())! < before!).toBe(true);
    await page.getByText(`已答 2/${count}`, { exact: true }).waitFor();

    // Submit: the confirmation names the unanswered; one request however often it is tapped.
    const submits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('ProjectOnLineExamine/SubmitAnswer')) submits.push(r.url());
    });
    await page.getByRole('button', { name: /^交卷/ }).click();
    await page.getByText(`还有 ${count - 2} 题未作答`, { exact: false }).waitFor();
    const keptForThisPerson = () =>
      page.evaluate(() =>
        Object.keys(localStorage).some(
          (k) => k.startsWith('portal.personal:') && k.includes(':exam:'),
        ),
      );
    expect(await keptForThisPerson()).toBe(true);
    await page.getByRole('button', { name: '确认交卷' }).click();
    await page.getByRole('heading', { name: '答卷已提交' }).waitFor();
    await page.getByText(/\/ \d+分/).waitFor();
    // The confirmation has finished closing before the result is looked at.
    await page.getByRole('button', { name: '确认交卷' }).waitFor({ state: 'detached' });
    expect(submits).toHaveLength(1);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).some(
          (k) => k.startsWith('portal.personal:') && k.includes(':exam:'),
        ),
      ),
    ).toBe(false);
    await checkExamScreen(page, 'exam-result');

    // Opening the exam again: the score, and no way to answer.
    await page.goto(examUrl);
    await page.getByRole('heading', { name: '答卷已提交' }).waitFor();
    expect(await page.getByRole('button', { name: '开始答题' }).count()).toBe(0);
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('link', { name: '返回报名流程' }).click();
    await page.waitForURL(/\/views\/flowManage\?ProjectId=\d+/);

    await context.close();
  });
});
