import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apply,
  getForm,
  getProject,
  getProjectList,
  getProjectPosition,
  type FormValues,
} from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { apiOf, approveInBackOffice, uploadPhoto } from '../support/portal-api.js';
import { getNotifySetting } from '@portal/contracts';
import { checkScreen } from '../support/screens.js';
import { startServer, type RunningServer } from '../support/server.js';
import { GOOD_ID_NUMBER, signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, signUpFreshAccount } from '../support/sms.js';

/**
 * Issue 30, point 16: told outside the site. A fresh candidate applies to a paid project and is
 * approved: an SMS naming the project and 去缴费 reaches the (sandbox) SMS outbox and the message
 * centre has the decision. Then the server starts again with its reminder clock moved ahead
 * (NOTIFY_CLOCK_OFFSET_MINUTES) to 12 h before the fee lapses, and the unpaid fee is reminded of —
 * by SMS and in the message centre — once. The journey runs its own server: the shared one's
 * clock must not move.
 */
const PORT = Number(process.env.E2E_PORT ?? 18080) + 9;
const MINUTE = 60_000;

interface OutboxItem {
  Text: string;
  Code: string | null;
}

async function outboxOf(baseUrl: string, mobile: string): Promise<OutboxItem[]> {
  const response = await fetch(`${baseUrl}/gateways/sms/outbox?mobile=${mobile}`);
  return ((await response.json()) as { Items: OutboxItem[] }).Items;
}

/** The notification job runs every 15 s: waits for a text that says `what`. */
async function textSaying(baseUrl: string, mobile: string, what: RegExp): Promise<OutboxItem[]> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const found = (await outboxOf(baseUrl, mobile)).filter((item) => what.test(item.Text));
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`no SMS saying ${String(what)} in 90 s`);
}

/** The message centre's 我的消息 tab, signed in again if the restarted server asks. */
async function openMessages(page: Page, baseUrl: string, mobile: string) {
  await page.goto(`${baseUrl}/views/notice?tab=message`);
  const list = page.getByRole('list', { name: '我的消息' });
  await Promise.race([list.waitFor(), page.waitForURL('**/identity/interaction/**')]);
  if (page.url().includes('/identity/interaction/')) {
    await signInAtProvider(page, mobile, FRESH_PASSWORD);
    await page.waitForURL(`${baseUrl}/**`);
    await page.goto(`${baseUrl}/views/notice?tab=message`);
  }
  await list.waitFor();
  return list;
}

describe('reminders (issue 30, point 16): a decision and an unpaid fee are told by SMS and in the message centre', () => {
  let server: RunningServer;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let mobile: string;
  let title: string;
  let applyId: number;
  let examStart: Date;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-reminders-'));
    server = await startServer({ port: PORT, dataDir });
    browser = await launchBrowser();
    context = await browser.newContext(PHONE);
    page = await context.newPage();
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'an approval sends an SMS naming the project and 去缴费, and the message centre has it',
    { timeout: 180_000 },
    async () => {
      mobile = await signUpFreshAccount(page, '提醒考生', server.baseUrl);
      const api = await apiOf(page);
      // A paid project examined at a venue (its fee lapses when the exam starts).
      const open = await api.call(getProjectList, {
        State: 'Applying',
        PageIndex: 1,
        PageSize: 50,
      });
      const project = open.Items.find(
        (p) =>
          p.FeeInFen > 0 && !p.HasOnlineExam && ['职业资格', '学科竞赛'].includes(p.CategoryName),
      );
      expect(project, 'a paid project examined at a venue').toBeTruthy();
      title = project!.Title;
      const detail = await api.call(getProject, { ProjectId: project!.ProjectId });
      expect(detail.ExamStartTime).toBeTruthy();
      examStart = new Date(detail.ExamStartTime!);

      const [position] = await api.call(getProjectPosition, { ProjectId: project!.ProjectId });
      const form = await api.call(getForm, { ProjectId: project!.ProjectId });
      const asked = new Set(form.Form.Fields.map((f) => f.FieldId));
      const values: FormValues = {
        name: '提醒考生',
        gender: 'female',
        idNumber: GOOD_ID_NUMBER,
        birthDate: '1990-03-07',
        mobile,
        education: 'bachelor',
        major: '会计学',
        hukou: ['11', '110101'],
        hasWork: 'no',
        photo: await uploadPhoto(page),
      };
      const application = await api.call(apply, {
        ProjectId: project!.ProjectId,
        PositionId: position!.PositionId,
        Values: Object.fromEntries(Object.entries(values).filter(([id]) => asked.has(id))),
        SensitiveConsent: true,
      });
      applyId = application.ApplyId;
      await approveInBackOffice(server.baseUrl, applyId);

      // The SMS: the project, the deadline, 去缴费 — and no code in it.
      const [sms] = await textSaying(server.baseUrl, mobile, /审核已通过/);
      expect(sms!.Text).toContain(`您报名的“${title}”审核已通过`);
      expect(sms!.Text).toMatch(/请在\d{4}-\d\d-\d\d \d\d:\d\d前缴费/);
      expect(sms!.Text).toContain('去缴费');
      expect(sms!.Code).toBeNull();

      // The message centre: the decision, with the deadline and a 去缴费 that leads to the payment.
      const list = await openMessages(page, server.baseUrl, mobile);
      const decision = list.getByRole('link').filter({ hasText: '报名审核结果：审核通过' });
      await decision.waitFor();
      await checkScreen(page, 'issue30-reminders-messages-approved');
      await decision.click();
      await page.waitForURL('**/views/notice/detail?MessageId=*');
      await page.getByText(/前完成缴费/).waitFor();
      await checkScreen(page, 'issue30-reminders-message-approved');
      await page.getByRole('link', { name: '去缴费' }).click();
      await page.waitForURL(`**/views/payment?ApplyId=${applyId}`);
    },
  );

  it(
    'with the reminder clock 12 h before the fee lapses, the unpaid fee is reminded of once',
    { timeout: 240_000 },
    async () => {
      await server.stop();
      const offsetMinutes = Math.floor((examStart.getTime() - Date.now()) / MINUTE) - 12 * 60;
      expect(offsetMinutes).toBeGreaterThan(0);
      server = await startServer({
        port: PORT,
        dataDir,
        env: { NOTIFY_CLOCK_OFFSET_MINUTES: String(offsetMinutes) },
      });

      const [reminder] = await textSaying(server.baseUrl, mobile, /报名费尚未缴纳/);
      expect(reminder!.Text).toContain(`您报名的“${title}”报名费尚未缴纳，缴费将于`);
      expect(reminder!.Text).toContain('去缴费');

      const list = await openMessages(page, server.baseUrl, mobile);
      const message = list.getByRole('link').filter({ hasText: '缴费提醒：报名费即将截止' });
      await message.waitFor();
      await checkScreen(page, 'issue30-reminders-messages-fee-due');
      await message.click();
      await page.getByText(/报名费尚未缴纳，缴费将于/).waitFor();
      await checkScreen(page, 'issue30-reminders-message-fee-due');

      // Once: later runs of the job (every 15 s) write no second reminder.
      await new Promise((resolve) => setTimeout(resolve, 35_000));
      const reminders = (await outboxOf(server.baseUrl, mobile)).filter((item) =>
        item.Text.includes('报名费尚未缴纳'),
      );
      expect(reminders).toHaveLength(1);
    },
  );

  it(
    'the account page has a switch that stops the reminders, kept by the server, on a phone and a PC',
    { timeout: 120_000 },
    async () => {
      await page.goto(`${server.baseUrl}/views/my/myAccount`);
      const toggle = page.getByRole('switch', { name: '短信提醒缴费和考试' });
      await toggle.waitFor();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await checkScreen(page, 'issue30-reminders-switch-on');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await expect
        .poll(async () => (await (await apiOf(page)).call(getNotifySetting, {})).RemindersOn)
        .toBe(false);
      await page.reload();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await checkScreen(page, 'issue30-reminders-switch-off');

      const desktop = await browser.newContext(DESKTOP);
      const pc = await desktop.newPage();
      await pc.goto(`${server.baseUrl}/views/my/myAccount`);
      await signInAtProvider(pc, mobile, FRESH_PASSWORD);
      await pc.waitForURL(`${server.baseUrl}/views/my/myAccount`);
      const pcToggle = pc.getByRole('switch', { name: '短信提醒缴费和考试' });
      await pcToggle.waitFor();
      await expect.poll(() => pcToggle.getAttribute('aria-checked')).toBe('false');
      await checkScreen(pc, 'issue30-reminders-switch-desktop');
      await pcToggle.click();
      await expect.poll(() => pcToggle.getAttribute('aria-checked')).toBe('true');
      await desktop.close();
    },
  );
});
