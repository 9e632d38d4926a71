import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { signInAtProvider } from '../support/sign-in.js';
import { checkScreen } from '../support/screens.js';

/** Its own server on its own port and data folder: this file kills it and starts it again. */
const PORT = Number(process.env.E2E_PORT ?? 18080) + 7;
const PAID_EXAM = '2026年企业人力资源管理师（三级）在线考试';
/** A 60-second paper (seed): the deadline passes within the journey. */
const SHORT_EXAM = '2026年安全生产知识在线测验（限时练习）';
/** The server's grace after a deadline (SUBMIT_GRACE_MS) and a margin. */
const GRACE_MS = 15_000;
const DESKTOP_WIDE = { ...DESKTOP, viewport: { width: 1440, height: 900 } };

interface ExamCall {
  url: string;
  authorization: string;
}
interface Summary {
  Submitted: boolean;
  Score: number | null;
  Attempt: { Deadline: string; ServerTime: string; SubmittedBy: string | null } | null;
}

/** Seconds shown by the countdown (hh:mm:ss). */
async function secondsShown(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').locator('time').textContent()) ?? '';
  const [h, m, s] = text.trim().split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
}

const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /已保存|保存中|网络已断开/ });
/** Saved on the server: not the offline text, which says 答案已保存在本机 (saved on this phone). */
const SAVED = /^\s*已保存/;

describe('journey: online exam faults (server killed, two devices, offline, deadline, 30 submits)', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let phone: BrowserContext;
  let phonePage: Page;
  let desktop: BrowserContext;
  let examPath: (title: string) => string;
  let examCall: ExamCall;
  /** Questions on the paid exam's paper. */
  let total = 0;

  /** GetExamine as the candidate, from the test (not the page). */
  async function summaryOf(applyUrl: string): Promise<Summary> {
    const response = await fetch(applyUrl, {
      headers: { authorization: examCall.authorization },
    });
    return ((await response.json()) as { Data: Summary }).Data;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-faults-'));
    server = await startServer({ port: PORT, dataDir });
    browser = await launchBrowser();
    phone = await browser.newContext(PHONE);
    phonePage = await phone.newPage();
    const list = phonePage.waitForResponse((r) => r.url().includes('User/GetUserProject'));
    await phonePage.goto(`${server.baseUrl}/views/my/myProject`);
    await signInAtProvider(phonePage);
    const { Data } = (await (await list).json()) as {
      Data: { Items: { ApplyId: number; ProjectId: number; ProjectTitle: string }[] };
    };
    examPath = (title) => {
      const apply = Data.Items.find((a) => a.ProjectTitle === title)!;
      return `/views/onlineExam?ProjectId=${apply.ProjectId}&ApplyId=${apply.ApplyId}`;
    };
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('1: five answers and the deadline survive a SIGKILL of the server and a reload', async () => {
    const page = phonePage;
    const summary = page.waitForRequest((r) => r.url().includes('ProjectOnLineExamine/GetExamine'));
    await page.goto(`${server.baseUrl}${examPath(PAID_EXAM)}`);
    const request = await summary;
    examCall = { url: request.url(), authorization: request.headers().authorization! };
    await page.getByRole('button', { name: '开始答题' }).click();
    await page.getByRole('timer').waitFor();

    const questions = page.getByRole('group', { name: /^第\d+题/ });
    total = await questions.count();
    for (let i = 0; i < 5; i++) await questions.nth(i).locator('input').first().check();
    await page.getByText(`已答 5/${total}`, { exact: true }).waitFor();
    await saveStatus(page).filter({ hasText: SAVED }).waitFor();
    const before = await summaryOf(examCall.url);

    await server.stop('SIGKILL');
    expect(server.process.exitCode !== null || server.process.signalCode !== null).toBe(true);
    server = await startServer({ port: PORT, dataDir });

    await page.reload();
    await page.getByRole('timer').waitFor();
    await page.getByText(`已答 5/${total}`, { exact: true }).waitFor();
    for (let i = 0; i < 5; i++)
      expect(await questions.nth(i).locator('input').first().isChecked()).toBe(true);
    const after = await summaryOf(examCall.url);
    expect(after.Attempt!.Deadline).toBe(before.Attempt!.Deadline);
    const expected =
      (Date.parse(after.Attempt!.Deadline) - Date.parse(after.Attempt!.ServerTime)) / 1000;
    expect(Math.abs((await secondsShown(page)) - expected)).toBeLessThanOrEqual(2);
  });

  it('2: the same exam on a desktop has the same answers and the same deadline', async () => {
    desktop = await browser.newContext(DESKTOP_WIDE);
    const page = await desktop.newPage();
    await page.goto(`${server.baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL(`${server.baseUrl}/views/my`);
    await page.goto(`${server.baseUrl}${examPath(PAID_EXAM)}`);
    await page.getByRole('timer').waitFor();
    await page.getByText(`已答 5/${total}`, { exact: true }).waitFor();
    // The same order as on the phone: its first question, its first option chosen.
    expect(await page.locator('.exam-desk__options:visible input').first().isChecked()).toBe(true);
    const onDesktop = await secondsShown(page);
    const onPhone = await secondsShown(phonePage);
    expect(Math.abs(onDesktop - onPhone)).toBeLessThanOrEqual(2);
    await checkScreen(page, 'exam-desktop-answering');
    await page.close();
  });

  it('3: offline for a while, three more answers, back online: said so, then saved on the server', async () => {
    const page = phonePage;
    await phone.route('**/ProjectOnLineExamine/**', (route) => route.abort('internetdisconnected'));
    const questions = page.getByRole('group', { name: /^第\d+题/ });
    for (let i = 5; i < 8; i++) await questions.nth(i).locator('input').first().check();
    await saveStatus(page)
      .filter({ hasText: '网络已断开，答案已保存在本机，恢复后自动同步' })
      .waitFor({ timeout: 10_000 });
    await page.waitForTimeout(3000);
    await phone.unroute('**/ProjectOnLineExamine/**');
    await saveStatus(page).filter({ hasText: SAVED }).waitFor({ timeout: 15_000 });

    // Another device (no local copy) reads the server's answers: all eight.
    const page2 = await desktop.newPage();
    await page2.goto(`${server.baseUrl}${examPath(PAID_EXAM)}`);
    await page2.getByText(`已答 8/${total}`, { exact: true }).waitFor();
    await page2.close();
  });

  it('5: 30 concurrent submissions of one attempt score once, and all answer the same', async () => {
    const submitUrl = examCall.url.replace(/GetExamine\?.*$/, 'SubmitAnswer');
    const applyId = Number(new URL(examCall.url).searchParams.get('ApplyId'));
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(submitUrl, {
          method: 'POST',
          headers: { authorization: examCall.authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ ApplyId: applyId }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { Data: unknown } })),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const results = new Set(
      responses.map((r) => {
        const data = r.body.Data as { Score: number; Attempt: { SubmittedAt: string } };
        return `${data.Score}@${data.Attempt.SubmittedAt}`;
      }),
    );
    expect(results.size).toBe(1);
    const summary = await summaryOf(examCall.url);
    expect(summary.Submitted).toBe(true);
    expect(`${summary.Score}`).toBe([...results][0]!.split('@')[0]);
    await phonePage.reload();
    await phonePage.getByRole('heading', { name: '答卷已提交' }).waitFor();
  });

  it('4: the page closed, the deadline passes: the server submits and scores the saved answers', async () => {
    const page = await desktop.newPage();
    const summary = page.waitForRequest((r) => r.url().includes('ProjectOnLineExamine/GetExamine'));
    await page.goto(`${server.baseUrl}${examPath(SHORT_EXAM)}`);
    const shortUrl = (await summary).url();
    await page.getByRole('button', { name: '开始答题' }).waitFor();
    await checkScreen(page, 'exam-desktop-intro');
    await page.getByRole('button', { name: '开始答题' }).click();
    await page.getByRole('timer').waitFor();
    // Two answers by keyboard: option 1 of the first two choice questions (a blank has none).
    for (let answered = 0; answered < 2;) {
      if ((await page.locator('.exam-desk__options:visible').count()) > 0) {
        await page.keyboard.press('1');
        answered += 1;
      }
      await page.keyboard.press('ArrowRight');
    }
    await saveStatus(page).filter({ hasText: SAVED }).waitFor();
    await page.getByText(/^已答 2\/\d+$/).waitFor();
    const started = await summaryOf(shortUrl);
    await page.close();

    const due = Date.parse(started.Attempt!.Deadline) + GRACE_MS + 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const ended = await summaryOf(shortUrl);
    expect(ended.Submitted).toBe(true);
    expect(ended.Attempt!.SubmittedBy).toBe('deadline');
    expect(ended.Score).not.toBeNull();

    const result = await desktop.newPage();
    await result.goto(`${server.baseUrl}${examPath(SHORT_EXAM)}`);
    await result.getByRole('heading', { name: '考试时间到，已自动交卷' }).waitFor();
    await result.getByText(`得分 ${ended.Score} / `).waitFor();
    await result.getByRole('heading', { name: '答题情况' }).waitFor();
    await checkScreen(result, 'exam-desktop-result');
    await result.close();
  }, 150_000);
});
