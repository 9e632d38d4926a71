import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { signInAtProvider } from '../support/sign-in.js';
import { checkScreen, hasNoHorizontalScroll } from '../support/screens.js';

const baseUrl = inject('baseUrl');

/** The seed's candidate with +30% extra time approved on this paper (README); nobody else's journey signs in as her. */
const ACCOMMODATED = { mobile: '13600136000', password: 'Demo@136136' };
const EXAM_PROJECT = '2026年企业人力资源管理师（三级）在线考试';
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } };

interface Leave {
  Seconds: number;
  Counted: boolean;
}
interface Attempt {
  StartedAt: string;
  Deadline: string;
  LeaveCount: number;
  Leaves: Leave[];
}
interface Summary {
  DurationSeconds: number;
  ExtraTimePercent: number;
  Attempt: Attempt | null;
}

const isLeaveReport = (event: 'Hidden' | 'Back') => (r: Response) =>
  r.url().includes('ProjectOnLineExamine/ReportLeave') &&
  r.request().postDataJSON()?.Event === event;

/** The server's answer to the page's next report of `event`. */
async function reported(page: Page, event: 'Hidden' | 'Back', act: () => Promise<unknown>) {
  const response = page.waitForResponse(isLeaveReport(event));
  await act();
  return ((await (await response).json()) as { Data: Attempt }).Data;
}

/**
 * The browser's page visibility as a switched-away tab has it. Headless Chromium never hides a
 * page, so the page is told, as the browser would tell it; what counts is only what the page then
 * reports and the server judges by its own clock.
 */
function setVisibility(page: Page, state: 'hidden' | 'visible') {
  return page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value, configurable: true });
    Object.defineProperty(document, 'hidden', { value: value === 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** The page hidden for `ms` of real time, then shown: the server's judgement of it. */
async function hiddenFor(page: Page, ms: number): Promise<Attempt> {
  await reported(page, 'Hidden', () => setVisibility(page, 'hidden'));
  await page.waitForTimeout(ms);
  return reported(page, 'Back', () => setVisibility(page, 'visible'));
}

describe('journey: fair exams (the server judges leaving; extra time for an accommodated candidate)', () => {
  let browser: Browser;
  let examPath = '';
  let summaryUrl = '';
  let authorization = '';

  async function summary(): Promise<Summary> {
    const response = await fetch(summaryUrl, { headers: { authorization } });
    return ((await response.json()) as { Data: Summary }).Data;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the intro names the extra time on a desktop, before the clock starts', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const list = page.waitForResponse((r) => r.url().includes('User/GetUserProject'));
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page, ACCOMMODATED.mobile, ACCOMMODATED.password);
    await page.waitForURL(`${baseUrl}/views/my`);
    const { Data } = (await (await list).json()) as {
      Data: { Items: { ApplyId: number; ProjectId: number; ProjectTitle: string }[] };
    };
    const apply = Data.Items.find((a) => a.ProjectTitle === EXAM_PROJECT)!;
    examPath = `/views/onlineExam?ProjectId=${apply.ProjectId}&ApplyId=${apply.ApplyId}`;
    const summaryRequest = page.waitForRequest((r) =>
      r.url().includes('ProjectOnLineExamine/GetExamine'),
    );
    await page.goto(`${baseUrl}${examPath}`);
    const request = await summaryRequest;
    summaryUrl = request.url();
    authorization = request.headers().authorization!;
    await page.getByText('你已获批延长考试时间 30%（合理便利），本场考试时长 78 分钟。').waitFor();
    await page.getByText('01:18:00').waitFor();
    await checkScreen(page, 'fair-exam-desktop-intro');
    await context.close();
  });

  it("on a phone: the server's deadline is 30% later; 3 s hidden is no leave, 10 s is; a reload is none", async () => {
    const context = await browser.newContext(PHONE_390);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${examPath}`);
    await signInAtProvider(page, ACCOMMODATED.mobile, ACCOMMODATED.password);
    await page.getByText('你已获批延长考试时间 30%（合理便利），本场考试时长 78 分钟。').waitFor();
    await checkScreen(page, 'fair-exam-phone-intro');
    expect(await hasNoHorizontalScroll(page)).toBe(true);

    const started = page.waitForResponse((r) => r.url().includes('StartAttempt'));
    const opened = page.waitForResponse(isLeaveReport('Back'));
    await page.getByRole('button', { name: '开始答题' }).click();
    const attempt = ((await (await started).json()) as { Data: Attempt }).Data;
    const paper = await summary();
    expect(paper.ExtraTimePercent).toBe(30);
    expect(Date.parse(attempt.Deadline) - Date.parse(attempt.StartedAt)).toBe(
      (paper.DurationSeconds * 1000 * 130) / 100,
    );
    await page.getByRole('timer').waitFor();
    await opened;
    await page.getByText(/离开考试页面（切换应用、窗口或标签页）超过 5 秒将被记录/).waitFor();
    await checkScreen(page, 'fair-exam-phone-start');

    const short = await hiddenFor(page, 3000);
    expect(short.LeaveCount).toBe(0);
    expect(short.Leaves.at(-1)).toMatchObject({ Counted: false });
    expect(short.Leaves.at(-1)!.Seconds).toBeLessThanOrEqual(5);
    await page.getByText(/你刚才离开考试页面 \d 秒，未超过 5 秒，不计入/).waitFor();
    await page.getByRole('button', { name: '知道了' }).click();

    const long = await hiddenFor(page, 10_000);
    expect(long.LeaveCount).toBe(1);
    expect(long.Leaves.at(-1)).toMatchObject({ Counted: true });
    expect(long.Leaves.at(-1)!.Seconds).toBeGreaterThanOrEqual(10);
    await page.getByText(/你刚才离开考试页面 1\d 秒，已记录（共 1 次）/).waitFor();
    // Checked where the page was opened, then at the record (the page's end) once the notice is
    // put away. Not scrolled "wherever": axe's target-size takes the sticky clock bar for part of
    // the page's flow (dequelabs/axe-core#3720), so an option passing beneath the notice's button
    // would fail or not by where a scroll stopped and how this attempt's questions were shuffled.
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(page, 'fair-exam-phone-leave-notice');
    await page.getByRole('button', { name: '知道了' }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('heading', { name: '离开记录（北京时间）' }).waitFor();
    // At the page's end an option of the last questions passes beneath the sticky clock bar or the
    // sticky title bar above it, which axe's target-size counts as covering it
    // (dequelabs/axe-core#3720; CI failed on each once the shuffle put a radio there): both are
    // put back in the page's flow for this one check.
    const barInFlow = await page.addStyleTag({
      content: '.exam-bar, .mobile-shell__nav { position: static; }',
    });
    await checkScreen(page, 'fair-exam-phone-leaves');
    await barInFlow.evaluate((style) => (style as HTMLStyleElement).remove());

    // A reload: the closing page says Hidden, the reopened one Back at once. Not a leave.
    const back = page.waitForResponse(isLeaveReport('Back'));
    await page.reload();
    await page.getByRole('timer').waitFor();
    await back;
    const afterReload = (await summary()).Attempt!;
    expect(afterReload.LeaveCount).toBe(1);
    expect(afterReload.Leaves.filter((l) => l.Counted)).toHaveLength(1);
    await page.getByText('离开考试页面 1 次', { exact: false }).first().waitFor();
    await context.close();
  });

  it('the desktop sheet shows the same leave log beside the paper', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${examPath}`);
    await signInAtProvider(page, ACCOMMODATED.mobile, ACCOMMODATED.password);
    await page.getByRole('timer').waitFor();
    const log = page.getByRole('region', { name: '离开记录（北京时间）' });
    await log.getByText('离开', { exact: false }).first().waitFor();
    // The server's log, as it stands: closing the phone's page and signing in here may have been a
    // leave of over 5 s too, on a busy machine.
    const shownAndRecorded = async () => [
      await log.getByText(/，已记录$/).count(),
      (await summary()).Attempt!.Leaves.filter((l) => l.Counted).length,
    ];
    await expect.poll(async () => new Set(await shownAndRecorded()).size).toBe(1);
    expect((await shownAndRecorded())[0]).toBeGreaterThanOrEqual(1);
    await checkScreen(page, 'fair-exam-desktop-sheet');

    // The site's menu stays on screen: leaving through it asks first, and 继续答题 stays.
    const examUrl = page.url();
    await page.getByRole('link', { name: '首页', exact: true }).first().click();
    const ask = page.getByRole('dialog', { name: '离开考试页面？' });
    await ask.getByText(/离开不会暂停计时/).waitFor();
    await checkScreen(page, 'fair-exam-desktop-leave-asks');
    await ask.getByRole('button', { name: '继续答题' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(examUrl);
    await page.getByRole('timer').waitFor();
    await context.close();
  });
});
