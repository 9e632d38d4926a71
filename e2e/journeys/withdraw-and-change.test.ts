import { getProjectList, getProjectPosition, type ProjectSummary } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import {
  apiOf,
  type FreshCandidate,
  applicationsOf,
  approveInBackOffice,
  type SignedInApi,
  applyThroughApi,
} from '../support/portal-api.js';
import { checkScreen, screenSettled } from '../support/screens.js';
import { SENSITIVE_CONSENT_LABEL, signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, signUpFreshAccount } from '../support/sms.js';

/**
 * Issue 30, point 13: a fresh candidate withdraws an application from the project's page (a
 * confirmation first) and applies again while the window is open, with the form it kept — on the
 * phone before review, on the desktop once approved and before paying. Point 14 (改报): the same
 * candidate changes position from the project's page and the application goes back to review —
 * on the phone once approved (the approval lost), on the desktop while submitted.
 */
const baseUrl = inject('baseUrl');
const CANDIDATE = (mobile: string): FreshCandidate => ({
  name: '撤回考生',
  gender: 'female',
  mobile,
});

/** The consent box is asked again only where this application holds no consent for the form. */
async function tickConsentIfAsked(page: Page) {
  const consent = page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL });
  if ((await consent.count()) > 0 && !(await consent.isChecked())) await consent.check();
}

describe('withdraw and apply again (issue 30, point 13)', () => {
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let mobile: string;
  let api: SignedInApi;
  let paidProjects: ProjectSummary[];

  beforeAll(async () => {
    browser = await launchBrowser();
    phone = await browser.newContext(PHONE);
    page = await phone.newPage();
    mobile = await signUpFreshAccount(page, '撤回考生');
    api = await apiOf(page);
    const open = await api.call(getProjectList, { State: 'Applying', PageIndex: 1, PageSize: 50 });
    paidProjects = open.Items.filter(
      (p) => p.FeeInFen > 0 && ['职业资格', '学科竞赛'].includes(p.CategoryName),
    );
    expect(paidProjects.length, 'two paid projects with the short form').toBeGreaterThanOrEqual(2);
  }, 120_000);
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it(
    'phone: withdraws before review from the project page, then applies again',
    { timeout: 180_000 },
    async () => {
      const project = paidProjects[0]!;
      const first = await applyThroughApi(page, api, project.ProjectId, CANDIDATE(mobile));
      const flowUrl = `${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`;
      await page.goto(flowUrl);
      const withdraw = page.getByRole('button', { name: '撤回报名' });
      await withdraw.waitFor();
      await checkScreen(page, 'issue30-13-phone-flow-submitted');

      // A confirmation first; 再想想 leaves it as it was.
      await withdraw.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`确定撤回“${project.Title}”的报名吗？`, { exact: false }).waitFor();
      await dialog.getByText('已填写的报名信息会保留', { exact: false }).waitFor();
      await screenSettled(page);
      await checkScreen(page, 'issue30-13-phone-withdraw-confirm');
      await dialog.getByRole('button', { name: '再想想' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await applicationsOf(api, project.ProjectId))[0]?.Status).toBe('Submitted');

      await withdraw.click();
      await page.getByRole('dialog').getByRole('button', { name: '确认撤回' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.locator('.flow-page__status', { hasText: '已撤回' }).waitFor();
      await page.getByText('报名已撤回；报名时间内可重新报名').waitFor();
      expect(await page.getByRole('button', { name: '撤回报名' }).count()).toBe(0);
      await checkScreen(page, 'issue30-13-phone-flow-withdrawn');

      // Apply again: the position list, then the form with what was sent before.
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.waitForURL('**/views/home/position?**');
      await page
        .getByRole('button', { name: /^报考 / })
        .first()
        .click();
      await page.waitForURL('**/views/apply?**');
      await expect.poll(() => page.inputValue('#field-name')).toBe('撤回考生');
      await tickConsentIfAsked(page);
      await checkScreen(page, 'issue30-13-phone-apply-again');
      await page.getByRole('button', { name: '提交报名' }).click();
      await page.waitForURL(flowUrl);
      const [again] = await applicationsOf(api, project.ProjectId);
      expect(again).toMatchObject({ ApplyId: first.ApplyId, Status: 'Submitted' });
      await page.getByRole('button', { name: '撤回报名' }).waitFor();

      // Once paid, the way out is the refund: said on the page, with the way to 我的订单.
      await approveInBackOffice(baseUrl, first.ApplyId);
      await page.goto(`${baseUrl}/views/payment?ApplyId=${first.ApplyId}`);
      await page.getByRole('button', { name: /^去支付/ }).click();
      await page.waitForURL('**/gateways/payment/cashier?**');
      await page.getByRole('button', { name: '确认支付' }).click();
      await page.waitForURL('**/views/payment?**');
      await page.getByText('支付成功').first().waitFor();
      await page.goto(flowUrl);
      await page
        .getByText('已缴费的报名如需撤回，请先在“我的订单”中查看能否申请退款', { exact: false })
        .waitFor();
      expect(await page.getByRole('button', { name: '撤回报名' }).count()).toBe(0);
      await page.getByRole('link', { name: '去我的订单' }).scrollIntoViewIfNeeded();
      await checkScreen(page, 'issue30-13-phone-flow-paid');
    },
  );

  it(
    'desktop: withdraws an approved, unpaid application, then applies again',
    { timeout: 180_000 },
    async () => {
      const project = paidProjects[1]!;
      const first = await applyThroughApi(page, api, project.ProjectId, CANDIDATE(mobile));
      await approveInBackOffice(baseUrl, first.ApplyId);

      const desktop = await browser.newContext(DESKTOP);
      try {
        const pc = await desktop.newPage();
        await pc.goto(`${baseUrl}/views/my`);
        await signInAtProvider(pc, mobile, FRESH_PASSWORD);
        await pc.waitForURL(`${baseUrl}/views/my`);
        const flowUrl = `${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`;
        await pc.goto(flowUrl);
        const progress = pc.getByRole('region', { name: '我的报名进度' });
        await progress.getByRole('button', { name: '撤回报名' }).click();
        const dialog = pc.getByRole('dialog', { name: '撤回报名' });
        await dialog.getByText('审核通过的结果将作废', { exact: false }).waitFor();
        await screenSettled(pc);
        await checkScreen(pc, 'issue30-13-desktop-withdraw-confirm');
        await dialog.getByRole('button', { name: '确认撤回' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await progress.getByText('报名已撤回；报名时间内可重新报名').waitFor();
        await checkScreen(pc, 'issue30-13-desktop-flow-withdrawn');
        expect((await applicationsOf(api, project.ProjectId))[0]?.Status).toBe('Withdrawn');

        await pc.getByRole('button', { name: '立即报名' }).click();
        await pc.waitForURL('**/views/apply?**');
        await expect.poll(() => pc.inputValue('#apply-field-name')).toBe('撤回考生');
        await tickConsentIfAsked(pc);
        await pc.getByRole('button', { name: '提交报名' }).click();
        await pc.waitForURL(flowUrl);
        const [again] = await applicationsOf(api, project.ProjectId);
        expect(again).toMatchObject({ ApplyId: first.ApplyId, Status: 'Submitted' });
      } finally {
        await desktop.close();
      }
    },
  );

  it(
    'phone: an approved, unpaid application changes position and goes back to review (改报)',
    { timeout: 180_000 },
    async () => {
      expect(paidProjects.length, 'a third paid project with the short form').toBeGreaterThan(2);
      const project = paidProjects[2]!;
      const [from, to] = await api.call(getProjectPosition, { ProjectId: project.ProjectId });
      const first = await applyThroughApi(page, api, project.ProjectId, CANDIDATE(mobile));
      await approveInBackOffice(baseUrl, first.ApplyId);
      const flowUrl = `${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`;
      await page.goto(flowUrl);
      await page.getByText(`报考岗位：${from!.Name}`).waitFor();
      await page.getByRole('button', { name: '更换报考岗位' }).click();
      await page.waitForURL('**/views/flowManage?**Change=1');
      const list = page.getByRole('list', { name: '可改报的岗位' });
      await list.getByText('当前报考').waitFor();
      expect(await list.getByRole('button', { name: `改报 ${from!.Name}` }).count()).toBe(0);
      await checkScreen(page, 'issue30-14-phone-change-list');

      await list.getByRole('button', { name: `改报 ${to!.Name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`由“${from!.Name}”更换为“${to!.Name}”`, { exact: false }).waitFor();
      await dialog.getByText('原“审核通过”结果将作废', { exact: false }).waitFor();
      await screenSettled(page);
      await checkScreen(page, 'issue30-14-phone-change-confirm');
      await dialog.getByRole('button', { name: '确认更换' }).click();
      await page.waitForURL(flowUrl);
      await page.getByText(`报考岗位：${to!.Name}`).waitFor();
      await page.locator('.flow-page__status', { hasText: '已提交' }).waitFor();
      await page.getByText('报名信息审核中，请耐心等待').waitFor();
      // The toast said so; the page is looked at once it has gone.
      await page
        .getByText('报考岗位已更换，报名已重新进入审核（待审核）')
        .waitFor({ state: 'hidden' });
      await checkScreen(page, 'issue30-14-phone-flow-changed');
      const [changed] = await applicationsOf(api, project.ProjectId);
      expect(changed).toMatchObject({
        ApplyId: first.ApplyId,
        Status: 'Submitted',
        PositionId: to!.PositionId,
      });
    },
  );

  it(
    'desktop: a submitted application changes position from the project page (改报)',
    { timeout: 180_000 },
    async () => {
      expect(paidProjects.length, 'a fourth paid project with the short form').toBeGreaterThan(3);
      const project = paidProjects[3]!;
      const [from, to] = await api.call(getProjectPosition, { ProjectId: project.ProjectId });
      const first = await applyThroughApi(page, api, project.ProjectId, CANDIDATE(mobile));
      const desktop = await browser.newContext(DESKTOP);
      try {
        const pc = await desktop.newPage();
        await pc.goto(`${baseUrl}/views/my`);
        await signInAtProvider(pc, mobile, FRESH_PASSWORD);
        await pc.waitForURL(`${baseUrl}/views/my`);
        await pc.goto(`${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`);
        const progress = pc.getByRole('region', { name: '我的报名进度' });
        await progress.getByText(from!.Name).waitFor();
        await progress.getByRole('button', { name: '更换报考岗位' }).click();
        const dialog = pc.getByRole('dialog', { name: '更换报考岗位' });
        expect(await dialog.getByRole('button', { name: '确认更换' }).isDisabled()).toBe(true);
        await dialog.getByRole('radio', { name: new RegExp(`^${to!.Name}`) }).check();
        await dialog.getByText('更换后报名将重新进入审核（待审核）', { exact: false }).waitFor();
        await screenSettled(pc);
        await checkScreen(pc, 'issue30-14-desktop-change-confirm');
        await dialog.getByRole('button', { name: '确认更换' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await progress.getByText(to!.Name).waitFor();
        await checkScreen(pc, 'issue30-14-desktop-flow-changed');
        const [changed] = await applicationsOf(api, project.ProjectId);
        expect(changed).toMatchObject({
          ApplyId: first.ApplyId,
          Status: 'Submitted',
          PositionId: to!.PositionId,
        });
      } finally {
        await desktop.close();
      }
    },
  );
});
