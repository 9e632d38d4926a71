import { getProjectList } from '@portal/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser.js';
import { tabAndPress, tabAndType, tabTo } from '../support/keyboard.js';
import {
  anonymousApi,
  apiOf,
  applicationsOf,
  drawPassportPhoto,
  approveInBackOffice,
} from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { startFreshServer, type RunningServer } from '../support/server.js';
import {
  DEMO_MOBILE,
  DEMO_NAME,
  DEMO_PASSWORD,
  GOOD_ID_NUMBER,
  SENSITIVE_CONSENT_LABEL,
} from '../support/sign-in.js';

/**
 * Issue 29, item 3: on the desktop, with the keyboard alone — Tab, Shift+Tab, arrows, Enter and
 * Space, never the mouse — sign in, apply with a photo, pay in the sandbox and open the ticket.
 * Every control on the way is reached by Tab and is not hidden under the sticky header when it
 * has the focus; each screen passes axe at WCAG 2.2 AA.
 */
const PROJECT = '2026年全国计算机应用能力在线测评（初级）';

describe('keyboard only, on the desktop: sign in → apply → pay → ticket', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startFreshServer('keyboard');
    browser = await launchBrowser();
    page = await (await browser.newContext(DESKTOP)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gets from the project to the ticket without the mouse', { timeout: 180_000 }, async () => {
    const baseUrl = server.baseUrl;
    const list = await anonymousApi(baseUrl).call(getProjectList, {
      State: 'Applying',
      PageIndex: 1,
      PageSize: 50,
    });
    const project = list.Items.find((p) => p.Title === PROJECT)!;
    const flowUrl = `${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`;

    // The project's page; 立即报名 leads to the sign-in page, and back.
    await page.goto(flowUrl);
    await page.waitForFunction(() => document.title.startsWith('报名流程-'));
    await tabAndPress(page, page.getByRole('button', { name: '立即报名' }), '立即报名');
    await page.waitForURL('**/identity/interaction/**');
    await tabAndType(page, page.locator('#mobile'), 'the mobile field', DEMO_MOBILE);
    await tabAndType(page, page.locator('#password'), 'the password field', DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(flowUrl);
    await page.getByRole('button', { name: '立即报名' }).waitFor();
    await checkScreen(page, 'keyboard-flow');

    // The form: the position from its list, the ID number, the region, the photo, the consent.
    await tabAndPress(page, page.getByRole('button', { name: '立即报名' }), '立即报名');
    await page.waitForURL('**/views/apply?ProjectId=*');
    await tabAndPress(page, page.getByRole('combobox', { name: '报考岗位' }), 'the position');
    await page.locator('.ant-select-item-option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.inputValue('#apply-field-name')).toBe(DEMO_NAME);
    await tabAndType(page, page.locator('#apply-field-idNumber'), 'the ID number', GOOD_ID_NUMBER);
    if (await page.locator('#apply-field-hukou').count()) {
      await tabAndPress(page, page.locator('#apply-field-hukou'), 'the region');
      await page.locator('.ant-cascader-menu').first().waitFor();
      // Down to the first province, right into its districts, down to the first, Enter.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page
            .locator('.ant-form-item')
            .filter({ has: page.locator('#apply-field-hukou') })
            .textContent(),
        )
        .toMatch(/\S+\s*\/\s*\S+/);
    }
    const photo = Buffer.from((await page.evaluate(drawPassportPhoto)).split(',')[1]!, 'base64');
    const chooser = page.waitForEvent('filechooser');
    await tabAndPress(page, page.locator('#apply-field-photo'), 'the photo button');
    await (await chooser).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('img[alt="已上传的证件照"]').waitFor();
    await tabAndPress(
      page,
      page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }),
      'the consent',
      'Space',
    );
    expect(await page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }).isChecked()).toBe(
      true,
    );
    await checkScreen(page, 'keyboard-apply');
    await tabAndPress(page, page.getByRole('button', { name: '提交报名' }), '提交报名');
    await page.waitForURL(flowUrl);
    const api = await apiOf(page);
    const [application] = await applicationsOf(api, project.ProjectId);
    expect(application?.Status).toBe('Submitted');

    // Approved by the back office; 去缴费, the sandbox cashier, 确认支付.
    await approveInBackOffice(baseUrl, application!.ApplyId);
    await page.reload();
    await tabAndPress(page, page.getByRole('button', { name: '去缴费' }), '去缴费');
    await page.waitForURL(`**/views/payment?ApplyId=${application!.ApplyId}`);
    await checkScreen(page, 'keyboard-payment');
    // WeChat Pay's QR code is chosen first; an arrow key moves the choice to Alipay's cashier.
    await tabTo(page, page.getByRole('radio', { name: /^微信支付/ }), 'the way to pay');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('radio', { name: /^支付宝/ }).isChecked()).toBe(true);
    await tabAndPress(page, page.getByRole('button', { name: '去支付' }), '去支付');
    await page.waitForURL('**/gateways/payment/cashier?**');
    await tabAndPress(page, page.getByRole('button', { name: '确认支付' }), '确认支付');
    await page.waitForURL(`${baseUrl}/views/payment?ApplyId=${application!.ApplyId}`);
    await page.getByText('支付成功').first().waitFor();

    // The ticket.
    await tabAndPress(page, page.getByRole('button', { name: '打印准考证' }), '打印准考证');
    await page.waitForURL(`**/views/print?ApplyId=${application!.ApplyId}`);
    await page
      .getByRole('document', { name: '准考证' })
      .getByRole('cell', { name: DEMO_NAME })
      .waitFor();
    await tabTo(page, page.getByRole('button', { name: /下载准考证/ }), '下载准考证');
    await checkScreen(page, 'keyboard-print');
  });
});
