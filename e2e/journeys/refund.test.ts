import { apply, getProjectList } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.js';
import {
  apiOf,
  type FreshCandidate,
  approveInBackOffice,
  applicationRequest,
} from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { signUpFreshAccount } from '../support/sms.js';

/**
 * Issue 13: a fresh candidate applies to a paid project that allows refunds, is approved, pays in
 * the sandbox cashier, and asks for the fee back from my/myOrder: a confirmation first, then the
 * order shows 退款中, and 已退款 once the sandbox's bank has paid it back (a few seconds).
 */
const baseUrl = inject('baseUrl');
const CANDIDATE = (mobile: string): FreshCandidate => ({
  name: '退款考生',
  gender: 'male',
  mobile,
});

/** Applies with the short form's values (what journey 2 types, sent as the form sends them). */
describe('refund (issue 13): pay, ask for the fee back from my/myOrder, see 退款中 then 已退款', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext(PHONE);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('refunds a paid application of a fresh candidate', { timeout: 180_000 }, async () => {
    const mobile = await signUpFreshAccount(page, '退款考生');
    const api = await apiOf(page);
    // A paid project without a rolling online exam: its exam is still ahead, so the fee may come back.
    const open = await api.call(getProjectList, { State: 'Applying', PageIndex: 1, PageSize: 50 });
    const project = open.Items.find(
      (p) =>
        p.FeeInFen > 0 && !p.HasOnlineExam && ['职业资格', '学科竞赛'].includes(p.CategoryName),
    )!;
    expect(project, 'a paid project with its exam ahead').toBeTruthy();
    const request = await applicationRequest(page, api, project.ProjectId, CANDIDATE(mobile));
    // The server, not only the form, refuses sensitive information sent without its consent.
    expect(await api.status(apply, request)).toBe(400);
    const application = await api.call(apply, { ...request, SensitiveConsent: true });
    await approveInBackOffice(baseUrl, application.ApplyId);

    // Pay in the sandbox cashier, from the payment page.
    await page.goto(`${baseUrl}/views/payment?ApplyId=${application.ApplyId}`);
    await page.getByRole('button', { name: /^去支付/ }).click();
    await page.waitForURL('**/gateways/payment/cashier?**');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL('**/views/payment?**');
    await page.getByText('支付成功').first().waitFor();

    // my/myOrder: the paid order offers 申请退款.
    await page.goto(`${baseUrl}/views/my/myOrder`);
    const card = page.getByRole('article', { name: project.Title });
    await card.waitFor();
    const tag = card.locator('.state-tag');
    expect(await tag.textContent()).toBe('已支付');
    await checkScreen(page, 'issue13-my-order-paid');

    // A confirmation first; 再想想 leaves it paid.
    await card.getByRole('button', { name: '申请退款' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`确定申请退还“${project.Title}”的报名费吗？`, { exact: false })
      .waitFor();
    // The dialog fades in (antd-mobile animates its wrap's opacity); colours are judged once shown.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.adm-center-popup-wrap')!).opacity === '1',
    );
    // The dialog's mask is the screen's: a list item's content-visibility once clipped both to the card.
    const mask = await page.locator('.adm-mask').boundingBox();
    expect(mask).toMatchObject({ y: 0, height: page.viewportSize()!.height });
    await checkScreen(page, 'issue13-refund-confirm');
    await dialog.getByRole('button', { name: '再想想' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await tag.textContent()).toBe('已支付');

    await card.getByRole('button', { name: '申请退款' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认退款' }).click();
    await expect.poll(() => tag.textContent()).toBe('退款中');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await card.getByText('退款已提交，报名费将原路退回').waitFor();
    expect(await card.getByRole('button', { name: '申请退款' }).count()).toBe(0);
    await checkScreen(page, 'issue13-my-order-refunding');

    // The sandbox's bank pays back a few seconds later; the card follows by itself.
    await expect.poll(() => tag.textContent(), { timeout: 20_000 }).toBe('已退款');
    await card.getByText('报名费已原路退回到付款账户。').waitFor();
    await checkScreen(page, 'issue13-my-order-refunded');

    // And after a reload, from the server.
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole('article', { name: project.Title }).locator('.state-tag').textContent(),
      )
      .toBe('已退款');
  });
});
