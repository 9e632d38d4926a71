import fs from 'node:fs';
import { APPLY_STATUS_TEXT, SENSITIVE_CONSENT_REQUIRED } from '@portal/contracts';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { launchBrowser, PHONE, screenshot, WECHAT_PHONE } from '../support/browser.js';
import { pdfText } from '../support/pdf.js';
import {
  apiOf,
  applicationsOf,
  passportPhoto,
  unappliedPaidProject,
  type Api,
  approveInBackOffice,
} from '../support/portal-api.js';
import {
  BAD_ID_NUMBER,
  DEMO_NAME,
  GOOD_ID_NUMBER,
  SENSITIVE_CONSENT_LABEL,
  signInAtProvider,
} from '../support/sign-in.js';
import { fitsAt320, screenSettled } from '../support/screens.js';
import { bindWeChatInSandbox, injectWeChatBridge, unbindWeChat } from '../support/wechat-pay.js';

/**
 * Issue 4, journey 2: apply to a paid project (the form refuses a bad ID number and a missing
 * photo before anything is sent), be approved, pay in the sandbox, print the ticket and download
 * it as a PDF with the candidate's name. Once with a plain phone, once inside WeChat; each run
 * applies to a different paid project the demo user has not applied to.
 */
const baseUrl = inject('baseUrl');
const CANDIDATE = DEMO_NAME;
const BAD_ID = BAD_ID_NUMBER;
const GOOD_ID = GOOD_ID_NUMBER;

/** Screenshot and axe on the screen as it is now. */
async function check(page: Page, name: string) {
  // Colours are judged as shown, not halfway through a button's fade.
  await screenSettled(page);
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
}

describe.each([
  ['phone', PHONE, 'issue4'],
  ['WeChat', WECHAT_PHONE, 'issue4-wechat'],
] as [string, BrowserContextOptions, string][])(
  'journey 2 (%s): apply, be approved, pay, print the ticket',
  (_label, device, shot) => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let api: Api;

    // Inside WeChat the fee is paid by WeChat Pay JSAPI: a bound WeChat, and WeChat's bridge.
    const inWeChat = device === WECHAT_PHONE;

    beforeAll(async () => {
      browser = await launchBrowser();
      context = await browser.newContext({ ...device, acceptDownloads: true });
      if (inWeChat) await injectWeChatBridge(context);
      page = await context.newPage();
      await page.goto(`${baseUrl}/views/my`);
      await signInAtProvider(page);
      await page.waitForURL(`${baseUrl}/views/my`);
      api = await apiOf(page);
      if (inWeChat) await bindWeChatInSandbox(page, baseUrl);
    });
    afterAll(async () => {
      // The demo account as seeded: no WeChat bound.
      if (inWeChat && api) await unbindWeChat(api);
      await context?.close();
      await browser?.close();
    });

    it('goes from the project to the ticket PDF', { timeout: 180_000 }, async () => {
      const project = await unappliedPaidProject(api);
      const flowUrl = `${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`;

      // The project's page: the next action is to apply.
      await page.goto(flowUrl);
      await page.getByRole('heading', { name: project.Title }).waitFor();
      await page.getByRole('button', { name: '立即报名' }).waitFor();
      await check(page, `${shot}-flow`);
      await page.getByRole('button', { name: '立即报名' }).click();

      // Positions: choose the first.
      await page.waitForURL('**/views/home/position?**');
      const choose = page.getByRole('button', { name: /^报考 / }).first();
      await choose.waitFor();
      await check(page, `${shot}-position`);
      await choose.click();

      // The form, pre-filled from the archive; a wrong ID number and no photo are refused here.
      await page.waitForURL('**/views/apply?**');
      const form = page.getByRole('form');
      await form.waitFor();
      await expect.poll(() => page.inputValue('#field-name')).toBe(CANDIDATE);
      await page.fill('#field-idNumber', BAD_ID);
      await page.getByRole('button', { name: '提交报名' }).click();
      await expect
        .poll(() => page.locator('#field-idNumber-msg').textContent())
        .toBe('身份证号不正确，请填写18位居民身份证号码');
      await expect.poll(() => page.locator('#field-photo-msg').textContent()).toBe('请上传证件照');
      expect(page.url()).toContain('/views/apply?');
      await check(page, `${shot}-apply-refused`);
      expect(await applicationsOf(api, project.ProjectId)).toEqual([]);

      // Now a valid form: the right ID number, a region, the work question where asked, a photo.
      await page.fill('#field-idNumber', GOOD_ID);
      if (await page.locator('#field-hukou').count()) {
        await page.click('#field-hukou');
        await page.getByRole('button', { name: '确定' }).last().click();
        await expect.poll(() => page.locator('#field-hukou').textContent()).not.toBe('');
        // The picker slides away before the form is usable again.
        await page.locator('.adm-popup').first().waitFor({ state: 'hidden' });
      }
      const noWork = page.getByRole('radiogroup', { name: '是否有工作经历' }).getByText('否');
      if (await noWork.count()) await noWork.click();
      await page.setInputFiles('#field-photo', {
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await passportPhoto(page),
      });
      // The uploaded photo itself, read from its signed address (not the placeholder).
      const uploaded = page.locator('img[alt="已上传的证件照"]');
      await uploaded.waitFor();
      await expect
        .poll(() => uploaded.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await expect.poll(() => page.locator('#field-idNumber-msg').textContent()).toBe('');
      // The ID number, the photo and the household registration ask a consent of their own.
      const consent = page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL });
      expect(await consent.isChecked()).toBe(false);
      await page.getByRole('button', { name: '提交报名' }).click();
      await expect
        .poll(() => page.locator('#field-SensitiveConsent-error').textContent())
        .toBe(SENSITIVE_CONSENT_REQUIRED);
      expect(await applicationsOf(api, project.ProjectId)).toEqual([]);
      await consent.check();
      await check(page, `${shot}-apply-valid`);
      await page.getByRole('button', { name: '提交报名' }).click();
      await page.waitForURL(flowUrl);

      // The application in my/myProject, with its state.
      const [application] = await applicationsOf(api, project.ProjectId);
      expect(application?.Status).toBe('Submitted');
      await page.goto(`${baseUrl}/views/my/myProject`);
      const card = page
        .getByRole('list', { name: '我的项目' })
        .getByRole('link')
        .filter({ hasText: project.Title });
      await card.waitFor();
      expect(await card.textContent()).toContain(APPLY_STATUS_TEXT.Submitted);
      await check(page, `${shot}-my-project`);

      // The back office approves it.
      await approveInBackOffice(baseUrl, application!.ApplyId);

      // flowManage: the next action is to pay.
      await page.goto(flowUrl);
      const pay = page.getByRole('button', { name: '去缴费' });
      await pay.waitFor();
      await pay.click();
      await page.waitForURL(`**/views/payment?ApplyId=${application!.ApplyId}`);
      const toCashier = page.getByRole('button', { name: /^去支付/ });
      await toCashier.waitFor();
      // Before paying: whether and until when the fee can come back (issue 30, point 20).
      await page
        .getByText(/^(缴费后、打印准考证前可在“我的订单”中申请退款|本项目报名费缴纳后不予退还)/)
        .waitFor();
      await check(page, `${shot}-payment`);
      expect(await fitsAt320(page), page.url()).toBe(true);

      // The sandbox cashier, and back; inside WeChat, WeChat's own payment sheet (the bridge).
      await toCashier.click();
      if (!inWeChat) {
        await page.waitForURL('**/gateways/payment/cashier?**');
        await screenshot(page, `${shot}-cashier`);
        await page.getByRole('button', { name: '确认支付' }).click();
        await page.waitForURL(`${baseUrl}/views/payment?ApplyId=${application!.ApplyId}`);
      }
      await page.getByRole('heading', { name: '支付成功' }).waitFor();
      expect(await page.getByText('已支付', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /去支付|重新支付/ }).count()).toBe(0);
      await check(page, `${shot}-payment-paid`);
      expect(await fitsAt320(page), page.url()).toBe(true);

      // Issue 30, point 1: paid, the project's page offers what comes next — an online exam at
      // once, with the ticket to print beside it; otherwise the ticket.
      await page.goto(flowUrl);
      await page.getByRole('button', { name: '打印准考证' }).waitFor();
      expect(await page.getByRole('button', { name: '参加考试' }).count()).toBe(
        project.HasOnlineExam ? 1 : 0,
      );
      await check(page, `${shot}-flow-paid`);

      // The ticket, shown and downloaded as a PDF with the candidate's name.
      await page.getByRole('button', { name: '打印准考证' }).click();
      await page.waitForURL(`**/views/print?ApplyId=${application!.ApplyId}`);
      const ticket = page.getByRole('document', { name: '准考证' });
      await ticket.getByRole('cell', { name: CANDIDATE }).waitFor();
      await check(page, `${shot}-print`);
      expect(await fitsAt320(page), page.url()).toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载准考证(PDF)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = new Uint8Array(fs.readFileSync(await download.path()));
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(bytes)).toContain(CANDIDATE);
      expect((await applicationsOf(api, project.ProjectId))[0]?.Status).toBe('TicketIssued');

      // The personal centre counts it.
      await page.goto(`${baseUrl}/views/my`);
      await page.getByRole('link', { name: /^报名 \d+$/ }).waitFor();
      await check(page, `${shot}-my`);
      expect(await fitsAt320(page), page.url()).toBe(true);
    });
  },
);
