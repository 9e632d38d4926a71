import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import { paintedImages, pdfText } from '../support/pdf.js';
import { checkScreen } from '../support/screens.js';
import { DEMO_NAME, signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, freshMobile, latestCode, signUpFreshAccount } from '../support/sms.js';

/**
 * Issue 10: the desktop personal centre at 1440×900. The demo person's centre is only read (their
 * flows, an existing ticket); the password and the mobile number are changed on a fresh account;
 * the unpaid fee is paid by the seed's second candidate, whose orders no other journey reads.
 */
const baseUrl = inject('baseUrl');
const WIDE = { ...DESKTOP, viewport: { width: 1440, height: 900 }, acceptDownloads: true };
const SECOND = { mobile: '13900139000', password: 'Demo@654321' };
/** The application in myFlow whose state tag reads `state`. */
const inState = (page: Page, state: string) =>
  page
    .getByRole('list', { name: '我的报名' })
    .getByRole('article')
    .filter({ has: page.locator('.ant-tag', { hasText: new RegExp(`^${state}$`) }) })
    .first();
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

describe('the desktop personal centre (1440×900)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo person: summary, myFlow with each state, a ticket from myFlow as a PDF, the lists', async () => {
    context = await browser.newContext(WIDE);
    page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL(`${baseUrl}/views/my`);
    await page.getByRole('region', { name: '个人概况' }).getByText(DEMO_NAME).waitFor();
    await page.getByRole('link', { name: /^报名 \d+$/ }).waitFor();
    await page.getByRole('list', { name: '待办事项' }).waitFor();
    await checkScreen(page, 'issue10-my');

    await page.getByRole('menuitem', { name: '我的流程' }).click();
    await page.waitForURL('**/views/my/myFlow');
    const flows = page.getByRole('list', { name: '我的报名' });
    await flows.getByRole('article').first().waitFor();
    // Each application with its state; the returned one with the reviewer's remark.
    const returned = inState(page, '退回修改');
    await returned.getByText('证件照不符合要求').first().waitFor();
    await returned.getByRole('button', { name: '修改报名信息' }).waitFor();
    await inState(page, '审核通过').getByRole('button', { name: '去缴费' }).waitFor();
    await inState(page, '审核未通过').getByText('所学专业与报考岗位要求不符').first().waitFor();
    await checkScreen(page, 'issue10-my-flow');

    // A ticket already issued is one click away; its PDF carries the candidate's name, the
    // application's photo and the QR code of its check.
    const issued = inState(page, '已出准考证');
    await issued.getByRole('button', { name: '查看准考证' }).click();
    await page.waitForURL('**/views/print?ApplyId=*');
    await page.getByRole('document', { name: '准考证' }).getByText(DEMO_NAME).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载准考证PDF' }).click(),
    ]);
    const pdf = new Uint8Array(fs.readFileSync((await download.path())!));
    expect((await pdfText(pdf)).normalize('NFKC')).toContain(DEMO_NAME);
    expect(await paintedImages(pdf)).toBeGreaterThanOrEqual(2);

    for (const [menu, name] of [
      ['我的项目', 'issue10-my-project'],
      ['进行中', 'issue10-my-run-project'],
      ['我的收藏', 'issue10-my-like'],
      ['我的订单', 'issue10-my-order'],
    ] as const) {
      await page.goto(`${baseUrl}/views/my`);
      await page.getByRole('menuitem', { name: menu }).click();
      await page.locator('.d-list, .d-orders__list, .d-state').first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await checkScreen(page, name);
    }
    await page
      .getByRole('list', { name: '我的订单' })
      .getByText(/订单号/)
      .first()
      .waitFor();

    // myAccount: the numbers masked, shown only on request.
    await page.goto(`${baseUrl}/views/my/myAccount`);
    await page.getByRole('tab', { name: '个人资料' }).waitFor();
    await page.getByText('138****8000').first().waitFor();
    await checkScreen(page, 'issue10-my-account');
    await page.getByRole('tab', { name: '报名档案' }).click();
    const show = page.getByRole('button', { name: '显示并修改身份证号' });
    await show.waitFor();
    expect(await page.getByText(/^\d{4}\*+\d{3}[\dX]$/).count()).toBeGreaterThan(0);
    await checkScreen(page, 'issue10-my-account-archive');
    await show.click();
    await expect.poll(() => page.inputValue('#archive-idNumber')).toMatch(/^\d{17}[\dX]$/);
    for (const tab of ['wechat', 'close'] as const) {
      await page.goto(`${baseUrl}/views/my/myAccount?tab=${tab}`);
      await page.getByRole('tab', { name: tab === 'wechat' ? '微信绑定' : '注销账号' }).waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await checkScreen(page, `issue10-my-account-${tab}`);
    }
    await page.goto(`${baseUrl}/views/my/myAccount?tab=wechat`);
    // Binding on a PC is WeChat's QR page (the sandbox's, here), scanned with WeChat on the phone.
    await page.getByRole('button', { name: '绑定微信' }).click();
    await page.waitForURL('**/gateways/wechat/qrconnect**');
    await page.getByRole('img', { name: '模拟的微信登录二维码' }).waitFor();
    await checkScreen(page, 'issue10-my-account-wechat-qr');
    await context.close();
  });

  it('a fresh account changes its password and signs in again, then changes its number by SMS', async () => {
    context = await browser.newContext(WIDE);
    page = await context.newPage();
    const mobile = await signUpFreshAccount(page, '周新');
    await page.goto(`${baseUrl}/views/my/myAccount?tab=password`);
    await page.locator('#pwd-oldPassword').waitFor();
    await checkScreen(page, 'issue10-my-account-password');
    const newPassword = 'Changed@1357';
    await page.fill('#pwd-oldPassword', FRESH_PASSWORD);
    await page.fill('#pwd-newPassword', newPassword);
    await page.fill('#pwd-confirmPassword', newPassword);
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('请使用新密码重新登录').waitFor();
    await page.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/views/auth/loginout**');

    await page.goto(`${baseUrl}/views/my/myAccount?tab=mobile`);
    await signInAtProvider(page, mobile, FRESH_PASSWORD);
    await expect(page.locator('#form-error').textContent()).resolves.toContain('不正确');
    await signInAtProvider(page, mobile, newPassword);
    await page.waitForURL(`${baseUrl}/views/my/myAccount?tab=mobile`);

    const newMobile = freshMobile();
    await page.fill('#phone-password', newPassword);
    await page.fill('#phone-mobile', newMobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('group', { name: '安全验证' }).getByRole('status').waitFor();
    await checkScreen(page, 'issue10-my-account-mobile-captcha');
    await page.getByText(/验证码已发送至/).waitFor();
    await page.fill('#phone-code', await latestCode(newMobile));
    await page.getByRole('button', { name: '确认更换' }).click();
    await page.getByText(`手机号已更换为 ${masked(newMobile)}`).waitFor();
    await checkScreen(page, 'issue10-my-account-mobile-changed');

    // The new number signs in; the old one no longer does.
    await page.getByRole('button', { name: '退出' }).click();
    await page.waitForURL('**/views/auth/loginout**');
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page, mobile, newPassword);
    await expect(page.locator('#form-error').textContent()).resolves.toBeTruthy();
    await signInAtProvider(page, newMobile, newPassword);
    await page.waitForURL(`${baseUrl}/views/my`);
    await context.close();
  });

  it('the workbench lists the unpaid fee, then its pending order, and the payment goes through from there', async () => {
    context = await browser.newContext(WIDE);
    page = await context.newPage();
    await page.goto(`${baseUrl}/views/auth/station`);
    await signInAtProvider(page, SECOND.mobile, SECOND.password);
    await page.waitForURL(`${baseUrl}/views/auth/station`);
    const tasks = page.getByRole('list', { name: '待办事项' });
    const payFee = tasks.getByRole('button', { name: /^去缴费：/ }).first();
    await payFee.waitFor();
    await checkScreen(page, 'issue10-station');

    // The order is made on the payment page; left unpaid, the workbench lists it by number.
    await payFee.click();
    await page.waitForURL('**/views/payment?ApplyId=*');
    const applyId = new URL(page.url()).searchParams.get('ApplyId');
    await page.getByRole('button', { name: '稍后支付' }).click();
    await page.goto(`${baseUrl}/views/auth/station`);
    const order = tasks.getByRole('listitem').filter({ hasText: '订单号' }).first();
    await order.waitFor();
    await checkScreen(page, 'issue10-station-order');
    await order.getByRole('button', { name: /^去支付：/ }).click();
    await page.waitForURL(`**/views/payment?ApplyId=${applyId}`);
    await page.getByText('支付宝（跳转到支付宝网页付款）').click();
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL('**/gateways/payment/cashier?**');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(`${baseUrl}/views/payment?ApplyId=${applyId}`);
    await page.getByText('支付成功').first().waitFor();

    // Paid: the task is gone, and the order shows as paid with its time.
    await page.goto(`${baseUrl}/views/auth/station`);
    await page.locator('.d-station, .d-state').first().waitFor();
    expect(await tasks.getByRole('listitem').filter({ hasText: '订单号' }).count()).toBe(0);
    await page.goto(`${baseUrl}/views/my/myOrder`);
    const paid = page.getByRole('list', { name: '我的订单' }).getByRole('article').first();
    await paid.getByText('已支付').waitFor();
    expect(await paid.getByText('未支付').count()).toBe(0);
    await checkScreen(page, 'issue10-my-order-paid');
    await context.close();
  });

  it('on a phone the workbench and the account archive (numbers masked) are real screens too', async () => {
    context = await browser.newContext(PHONE);
    page = await context.newPage();
    await page.goto(`${baseUrl}/views/auth/station`);
    await signInAtProvider(page);
    await page.waitForURL(`${baseUrl}/views/auth/station`);
    await page.getByRole('list', { name: '待办事项' }).getByRole('link').first().waitFor();
    await checkScreen(page, 'issue10-station-mobile');
    await page.goto(`${baseUrl}/views/my/myAccount`);
    await page.getByRole('button', { name: '显示并修改身份证号' }).waitFor();
    await page.getByRole('button', { name: '显示并修改身份证号' }).scrollIntoViewIfNeeded();
    await checkScreen(page, 'issue10-my-account-mobile-archive');
    await context.close();
  });
});
