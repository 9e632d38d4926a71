import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { downloadPrint, getUserProject } from '@portal/contracts';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { fillSmsCode, freshMobile as freshMobileWith } from '../support/sms.js';
import { apiOf, type Api } from '../support/portal-api.js';
import { paintedImages } from '../support/pdf.js';
import { checkScreen, scrollUntilDrawn } from '../support/screens.js';
import { DEMO_NAME, signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 10, the dead ends a new candidate met: the printed ticket out of reach, a shared link
 * whose back arrow leaves the site, no way to recover a password, sign-up without consent, and
 * a ticket nobody could check. Only fresh accounts change state; the demo person is only read.
 */
const baseUrl = inject('baseUrl');
/** The demo person's application whose ticket was printed before (seeded TicketIssued). */
const PRINTED_PROJECT = '广州市卫生健康委员会直属医院2026年公开招聘';
const PASSWORD = 'Fresh@123456';
const NEW_PASSWORD = 'Renew@654321';

/** 137…: apart from other journeys' 139 numbers. */
const freshMobile = () => freshMobileWith('137');

/** The pixels of a PPM (P6) file as RGBA, for jsQR. */
function readPpm(file: string): { data: Uint8ClampedArray; width: number; height: number } {
  const bytes = fs.readFileSync(file);
  const header = bytes.subarray(0, 64).toString('latin1');
  const match = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header)!;
  const [width, height] = [Number(match[1]), Number(match[2])];
  const rgb = bytes.subarray(match[0].length);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i += 1, j += 3) {
    data[i * 4] = rgb[j]!;
    data[i * 4 + 1] = rgb[j + 1]!;
    data[i * 4 + 2] = rgb[j + 2]!;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

describe('issue 10: dead ends a new candidate met (phone)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('the demo person, read only', () => {
    let context: BrowserContext;
    let page: Page;
    let api: Api;
    beforeAll(async () => {
      context = await browser.newContext(PHONE);
      page = await context.newPage();
      await page.goto(`${baseUrl}/views/my`);
      await signInAtProvider(page);
      await page.waitForURL(`${baseUrl}/views/my`);
      api = await apiOf(page);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('a ticket printed once stays reachable from the project page and from my/myProject', async () => {
      const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
      const printed = mine.Items.find((a) => a.ProjectTitle === PRINTED_PROJECT)!;
      expect(printed.Status).toBe('TicketIssued');

      await page.goto(`${baseUrl}/views/flowManage?ProjectId=${printed.ProjectId}`);
      const toTicket = page.getByRole('button', { name: '查看准考证' });
      await toTicket.waitFor();
      await checkScreen(page, 'issue10-project-ticket-link');
      await toTicket.click();
      await page.waitForURL(`**ApplyId=${printed.ApplyId}`);
      await page.getByRole('document', { name: /准考证/ }).waitFor();
      await page.getByRole('img', { name: '考生照片' }).waitFor();
      await page.getByRole('img', { name: '准考证核验二维码' }).waitFor();
      await checkScreen(page, 'issue10-ticket-with-photo-and-qr');

      await page.goto(`${baseUrl}/views/my/myProject`);
      const fromList = page.getByRole('link', { name: `查看准考证：${PRINTED_PROJECT}` });
      await page.getByRole('list', { name: '我的项目' }).waitFor();
      await scrollUntilDrawn(page, fromList);
      await fromList.scrollIntoViewIfNeeded();
      await checkScreen(page, 'issue10-my-project-ticket-link');
      await fromList.click();
      await page.waitForURL(`**ApplyId=${printed.ApplyId}`);
      await page.getByRole('img', { name: '考生照片' }).waitFor();
    });

    it('the returned application shows its real photo; the notice list keeps its dates on one line', async () => {
      const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
      const returned = mine.Items.find((a) => a.Status === 'Returned')!;
      await page.goto(`${baseUrl}/views/apply?ProjectId=${returned.ProjectId}`);
      const photo = page.getByRole('img', { name: /^已上传的/ }).first();
      await photo.waitFor();
      await expect
        .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await checkScreen(page, 'issue10-returned-photo');
      // Issue 25: the seeded photo is private now, shown through its signed address.
      expect(await photo.getAttribute('src')).toMatch(
        /^\/uploads\/[\w-]{22}\?expires=\d+&signature=/,
      );
      await photo.scrollIntoViewIfNeeded();
      await screenshot(page, 'issue25-form-private-photo');

      await page.goto(`${baseUrl}/views/notice`);
      const dates = page.locator('.notice-card__meta time');
      await dates.first().waitFor();
      for (const height of await dates.evaluateAll((all) =>
        all.map((t) => t.getBoundingClientRect().height),
      ))
        expect(height).toBeLessThan(24);
      await checkScreen(page, 'issue10-notice-list');
    });

    it('the ticket PDF shows the photo and a QR code whose address tells a genuine ticket from a tampered one', async () => {
      const mine = await api.call(getUserProject, { PageIndex: 1, PageSize: 50 });
      const printed = mine.Items.find((a) => a.ProjectTitle === PRINTED_PROJECT)!;
      const file = await api.call(downloadPrint, { ApplyId: printed.ApplyId });
      const pdf = Buffer.from(file.Base64, 'base64');
      expect(await paintedImages(new Uint8Array(pdf))).toBeGreaterThanOrEqual(2);

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticket-'));
      fs.writeFileSync(path.join(dir, 'ticket.pdf'), pdf);
      execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', 'ticket.pdf', 'page'], {
        cwd: dir,
      });
      const ppm = fs.readdirSync(dir).find((f) => f.endsWith('.ppm'))!;
      const image = readPpm(path.join(dir, ppm));
      const code = jsQR(image.data, image.width, image.height);
      fs.rmSync(dir, { recursive: true, force: true });
      expect(code?.data).toMatch(/\/ticket\/verify\?/);
      const address = new URL(code!.data);

      const check = await browser.newContext(PHONE);
      const scanner = await check.newPage();
      await scanner.goto(`${baseUrl}${address.pathname}${address.search}`);
      await scanner.getByText('准考证真实有效').waitFor();
      await scanner.getByText(DEMO_NAME, { exact: true }).waitFor();
      await scanner.getByText(PRINTED_PROJECT).waitFor();
      await scanner.getByText(/^\d{4}\*+\d{3}[\dX]$/).waitFor();
      await checkScreen(scanner, 'issue10-ticket-check-genuine');

      const tampered = new URL(address);
      const no = tampered.searchParams.get('No')!;
      tampered.searchParams.set('No', `${no.slice(0, -1)}${no.endsWith('9') ? '8' : '9'}`);
      const answer = await scanner.goto(`${baseUrl}${tampered.pathname}${tampered.search}`);
      expect(answer?.status()).toBe(404);
      await scanner.getByText('不是真实有效的准考证').waitFor();
      expect(await scanner.getByText(DEMO_NAME).count()).toBe(0);
      await checkScreen(scanner, 'issue10-ticket-check-tampered');
      await check.close();
    });
  });

  it('a page opened from a shared link goes back to the project list, not away', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/home/position?ProjectId=1`);
    await page.getByRole('heading', { level: 1, name: '报考岗位' }).waitFor();
    await page.getByText('不限').first().waitFor();
    await checkScreen(page, 'issue10-shared-link');
    await page.getByRole('button', { name: '返回项目列表' }).click();
    await page.waitForURL(`${baseUrl}/views/home/project`);
    // One home: the list lights 项目, and 首页 leads to the home page.
    const tabs = page.getByRole('navigation', { name: '主导航' });
    await tabs.getByText('项目').waitFor();
    expect(await tabs.locator('[aria-current="page"]').textContent()).toBe('项目');
    await tabs.getByText('首页').click();
    await page.waitForURL(`${baseUrl}/views/home`);
    await checkScreen(page, 'issue10-home-tab');
    await context.close();
  });

  it('a desktop page opened from a shared link has the header', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/flowManage?ProjectId=1`);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: '首页' }).waitFor();
    await header.getByRole('link', { name: '项目' }).waitFor();
    await context.close();
  });

  it(
    'sign-up is refused until the agreement is ticked; forgot password resets it through SMS and the new one signs in',
    { timeout: 180_000 },
    async () => {
      const mobile = freshMobile();
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/views/my`);
      await page.waitForURL('**/identity/interaction/**');
      await page.getByRole('link', { name: '返回平台首页' }).waitFor();
      await page.getByRole('link', { name: '注册新账号' }).click();
      await page.locator('#confirmPassword').waitFor();
      await page.fill('#mobile', mobile);
      await fillSmsCode(page, mobile);
      await page.fill('#name', '周新');
      await page.fill('#password', PASSWORD);
      await page.fill('#confirmPassword', PASSWORD);
      expect(await page.isChecked('#agree')).toBe(false);
      await checkScreen(page, 'issue10-sign-up-consent');
      await page.click('button[type=submit]');
      // Refused in Chinese at the box, which takes the focus; nothing was sent, the page stays.
      await page.getByText('请阅读并勾选同意《用户协议》和《隐私政策》').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('agree');
      expect(page.url()).toContain('/signup');
      const [terms] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: '《隐私政策》' }).click(),
      ]);
      await terms.getByRole('heading', { name: '隐私政策' }).waitFor();
      await checkScreen(terms, 'issue10-privacy-policy');
      await terms.close();
      await page.check('#agree');
      // Issue 30, point 4: passwords that differ are said on the page; nothing typed is lost.
      const code = await page.inputValue('#code');
      await page.fill('#confirmPassword', `${PASSWORD}x`);
      await page.click('button[type=submit]');
      await expect
        .poll(() => page.locator('#form-error').textContent())
        .toBe('两次输入的密码不一致');
      expect(page.url()).toContain('/signup');
      expect([await page.inputValue('#code'), await page.isChecked('#agree')]).toEqual([
        code,
        true,
      ]);
      expect(await page.inputValue('#password')).toBe(PASSWORD);
      await checkScreen(page, 'issue30-sign-up-mismatch');
      await page.fill('#confirmPassword', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(`${baseUrl}/views/my`);
      await context.close();

      // Another device, the password forgotten.
      const other = await browser.newContext(PHONE);
      const phone = await other.newPage();
      await phone.goto(`${baseUrl}/views/my`);
      await phone.waitForURL('**/identity/interaction/**');
      await phone.getByRole('link', { name: '忘记密码？' }).click();
      await phone.getByRole('heading', { name: '找回密码' }).waitFor();
      await phone.fill('#mobile', mobile);
      await fillSmsCode(phone, mobile);
      await phone.fill('#password', NEW_PASSWORD);
      await phone.fill('#confirmPassword', NEW_PASSWORD);
      await checkScreen(phone, 'issue10-reset-password');
      await phone.click('button[type=submit]');
      await phone.getByText('密码已重置，请用新密码登录').waitFor();
      expect(await phone.inputValue('#mobile')).toBe(mobile);
      await checkScreen(phone, 'issue10-reset-done');
      await phone.fill('#password', NEW_PASSWORD);
      await phone.click('button[type=submit]');
      await phone.waitForURL(`${baseUrl}/views/my`);
      await phone.getByText('周新').first().waitFor();
      await other.close();
    },
  );
});
