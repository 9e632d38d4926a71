import fs from 'node:fs';
import { getHomeLable, getProjectList, getUserCollectProject } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser.js';
import { pdfText } from '../support/pdf.js';
import {
  anonymousApi,
  apiOf,
  applicationsOf,
  passportPhoto,
  unappliedPaidProject,
  unappliedProjectAskingBirthDate,
  type Api,
  approveInBackOffice,
} from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import {
  BAD_ID_NUMBER,
  DEMO_NAME,
  GOOD_ID_NUMBER,
  SENSITIVE_CONSENT_LABEL,
  signInAtProvider,
} from '../support/sign-in.js';

/** Issue 9: the desktop journeys from browsing to the admission ticket (desktop user agent). */
const baseUrl = inject('baseUrl');
const CANDIDATE = DEMO_NAME;
const BAD_ID = BAD_ID_NUMBER;
const GOOD_ID = GOOD_ID_NUMBER;
const LABEL = '热门推荐';
const KEYWORD = '2026';
const desktopAt = (width: number, height: number) => ({
  ...DESKTOP,
  viewport: { width, height },
  acceptDownloads: true,
});

async function chooseOption(page: Page, selectLabel: string, option: string) {
  await page.getByRole('combobox', { name: selectLabel }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

describe.each([
  ['1440×900', 1440, 900],
  ['1024×768', 1024, 768],
] as const)(
  'journey 1 (%s): an anonymous visitor browses, filters, pages and signs in',
  (size, width, height) => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const shot = `issue9-j1-${width}`;
    const api0 = anonymousApi(baseUrl);
    beforeAll(async () => {
      browser = await launchBrowser();
      context = await browser.newContext(desktopAt(width, height));
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    it('keeps filters and page in the address, and comes back to the project after signing in', async () => {
      await page.goto(`${baseUrl}/views/home`);
      await page.locator('[data-layout="desktop"]').first().waitFor();
      await page.goto(`${baseUrl}/views/home/project`);
      // Drawn by the server: it answers once the app is live, which sets the title.
      await page.waitForFunction(() => document.title.startsWith('项目列表-'));
      await page.locator('.d-projects__card').first().waitFor();
      await checkScreen(page, `${shot}-list`);

      // Page 2 of the label and the keyword, as the service lists it.
      const label = (await api0.call(getHomeLable, {})).find((l) => l.Name === LABEL)!;
      const expected = await api0.call(getProjectList, {
        LableId: label.LableId,
        Keyword: KEYWORD,
        PageIndex: 2,
        PageSize: 6,
      });
      const onPage2 = expected.Items.map((p) => p.Title);
      expect(onPage2.length).toBeGreaterThan(0);
      const titles = () => page.locator('.d-projects__title').allTextContents();

      await chooseOption(page, '项目标签', LABEL);
      await page.waitForURL(/LableId=\d+/);
      await page.getByRole('searchbox', { name: '搜索项目名称或主办单位' }).fill(KEYWORD);
      await page.getByRole('searchbox', { name: '搜索项目名称或主办单位' }).press('Enter');
      await page.waitForURL(/Keyword=2026/);
      await page.locator('.ant-pagination-item-2').click();
      await page.waitForURL(/PageIndex=2/);
      await expect.poll(titles).toEqual(onPage2);

      await page.reload();
      await expect.poll(titles).toEqual(onPage2);
      expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');
      expect(
        await page.getByRole('searchbox', { name: '搜索项目名称或主办单位' }).inputValue(),
      ).toBe(KEYWORD);
      expect(await page.locator('.d-projects__select').first().textContent()).toContain(LABEL);
      await checkScreen(page, `${shot}-list-page2`);

      // Back: page 1 with the same filters.
      // Back: page 1 with the same filters, once it is drawn (the address changes first).
      const page1 = await api0.call(getProjectList, {
        LableId: label.LableId,
        Keyword: KEYWORD,
        PageIndex: 1,
        PageSize: 6,
      });
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('PageIndex'));
      await expect.poll(titles).toEqual(page1.Items.map((p) => p.Title));
      const open = page1.Items.find((p) => p.State === 'Applying')!;
      await page.locator('.d-projects__card-link').filter({ hasText: open.Title }).first().click();
      await page.waitForURL('**/views/flowManage?ProjectId=*');
      const projectUrl = page.url();
      const apply = page.getByRole('button', { name: '立即报名' });
      await apply.waitFor();
      await checkScreen(page, `${shot}-project`);
      await apply.click();
      await signInAtProvider(page);
      await page.waitForURL(projectUrl);
      await page.getByRole('region', { name: '我的报名进度' }).waitFor();
      expect(page.url()).toBe(projectUrl);
    });
  },
);

describe('desktop journeys of a signed-in candidate (1440×900)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: Api;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext(desktopAt(1440, 900));
    page = await context.newPage();
    await page.goto(`${baseUrl}/views/my`);
    await signInAtProvider(page);
    await page.waitForURL(`${baseUrl}/views/my`);
    api = await apiOf(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("Enter in the form's date field takes the date and sends nothing (issue 30, point 7)", async () => {
    const target = await unappliedProjectAskingBirthDate(api);
    await page.goto(
      `${baseUrl}/views/apply?ProjectId=${target.projectId}&PositionId=${target.positionId}`,
    );
    await expect.poll(() => page.inputValue('#apply-field-name')).toBe(CANDIDATE);
    await page.fill('#apply-field-birthDate', '1990-03-07');
    // Once to take the date typed (the picker closes), once more on the closed field.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A sent form would be checked at once, every missing field painted red under it: give it
    // the moment it would take.
    await page.waitForTimeout(1000);
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    expect(page.url()).toContain('/views/apply?');
    expect(await applicationsOf(api, target.projectId)).toEqual([]);
  });

  it(
    'journey 2: applies to a paid project, sees the report, is approved, pays and downloads the ticket',
    { timeout: 180_000 },
    async () => {
      const project = await unappliedPaidProject(api);
      const flowUrl = `${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`;
      await page.goto(flowUrl);
      // Drawn by the server for a signed-out visitor: the button answers once the app is live.
      await page.waitForFunction(() => document.title.startsWith('报名流程-'));
      await page.getByRole('button', { name: '立即报名' }).click();
      await page.waitForURL('**/views/apply?ProjectId=*');

      // The position, then the form pre-filled from the archive.
      await chooseOption(page, '报考岗位', '');
      await expect.poll(() => page.inputValue('#apply-field-name')).toBe(CANDIDATE);
      // Issue 30, point 7: a reload keeps the position; Enter in the date field sends nothing.
      // (The fields are drawn only once a position is chosen.)
      expect(page.url()).toMatch(/PositionId=\d+/);
      await page.reload();
      await expect.poll(() => page.inputValue('#apply-field-name')).toBe(CANDIDATE);
      await page.fill('#apply-field-idNumber', BAD_ID);
      await page.getByRole('button', { name: '提交报名' }).click();
      await page.getByText('身份证号不正确，请填写18位居民身份证号码').waitFor();
      await page.getByText('请上传证件照').waitFor();
      await page.mouse.move(0, 0);
      await checkScreen(page, 'issue9-j2-apply-refused');
      expect(await applicationsOf(api, project.ProjectId)).toEqual([]);

      await page.fill('#apply-field-idNumber', GOOD_ID);
      if (await page.locator('#apply-field-hukou').count()) {
        await page.click('#apply-field-hukou');
        await page
          .locator('.ant-cascader-menu')
          .nth(0)
          .locator('.ant-cascader-menu-item')
          .first()
          .click();
        await page
          .locator('.ant-cascader-menu')
          .nth(1)
          .locator('.ant-cascader-menu-item')
          .first()
          .click();
      }
      const noWork = page.getByRole('radio', { name: '否' });
      if (await noWork.count()) await noWork.first().check();
      await page
        .locator('.ant-form-item')
        .filter({ has: page.locator('#apply-field-photo') })
        .locator('input[type=file]')
        .setInputFiles({
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
      await page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }).check();
      await page.getByRole('button', { name: '提交报名' }).click();
      await page.waitForURL(flowUrl);
      const [application] = await applicationsOf(api, project.ProjectId);
      expect(application?.Status).toBe('Submitted');

      // The submitted form, as a report.
      await page.getByRole('button', { name: '查看报名表' }).click();
      const report = page.getByRole('dialog');
      await report.getByText(CANDIDATE).first().waitFor();
      await checkScreen(page, 'issue9-j2-report');
      await report.getByRole('button', { name: '关闭' }).click();

      // The back office approves; the next action is to pay.
      await approveInBackOffice(baseUrl, application!.ApplyId);
      await page.reload();
      await page.getByRole('button', { name: '去缴费' }).click();
      await page.waitForURL(`**/views/payment?ApplyId=${application!.ApplyId}`);
      // WeChat Pay (a Native QR code) or Alipay page pay: Alipay's cashier, played by the sandbox.
      const alipay = page.getByText('支付宝（跳转到支付宝网页付款）');
      await alipay.waitFor();
      await checkScreen(page, 'issue9-j2-payment');
      await alipay.click();
      await page.getByRole('button', { name: '去支付' }).click();
      await page.waitForURL('**/gateways/payment/cashier?**');
      await page.getByRole('button', { name: '确认支付' }).click();
      await page.waitForURL(`${baseUrl}/views/payment?ApplyId=${application!.ApplyId}`);
      await page.getByText('支付成功').first().waitFor();
      expect(await page.getByRole('button', { name: /去支付|重新支付/ }).count()).toBe(0);
      await checkScreen(page, 'issue9-j2-paid');

      await page.getByRole('button', { name: '打印准考证' }).click();
      await page.waitForURL(`**/views/print?ApplyId=${application!.ApplyId}`);
      await page
        .getByRole('document', { name: '准考证' })
        .getByRole('cell', { name: CANDIDATE })
        .waitFor();
      await checkScreen(page, 'issue9-j2-ticket');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载准考证PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const text = await pdfText(new Uint8Array(fs.readFileSync((await download.path())!)));
      expect(text.normalize('NFKC')).toContain(CANDIDATE);
    },
  );

  it('journey 3: follows a project and asks a question that shows among mine', async () => {
    const open = await api.call(getProjectList, { PageIndex: 1, PageSize: 50 });
    const liked = await api.call(getUserCollectProject, { PageIndex: 1, PageSize: 50 });
    const likedIds = new Set(liked.Items.map((p) => p.ProjectId));
    const project = open.Items.find((p) => !likedIds.has(p.ProjectId))!;
    await page.goto(`${baseUrl}/views/flowManage?ProjectId=${project.ProjectId}`);
    await page.waitForFunction(() => document.title.startsWith('报名流程-'));
    const follow = page.getByRole('button', { name: '收藏', exact: true });
    await page.getByRole('heading', { name: project.Title }).waitFor();
    await follow.click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    const after = await api.call(getUserCollectProject, { PageIndex: 1, PageSize: 50 });
    expect(after.Items.map((p) => p.ProjectId)).toContain(project.ProjectId);

    const question = `请问考试当天需要携带哪些证件？（${Date.now()}）`;
    await page.getByRole('tab', { name: '咨询问答' }).click();
    // Too short: refused on the field before anything is sent.
    await page.getByRole('button', { name: '提交问题' }).click();
    await page.locator('#ask-hint.d-flow__error').waitFor();
    await page.getByLabel('向主办方提问').fill(question);
    await page.getByRole('button', { name: '提交问题' }).click();
    await page.getByText('提问已提交').waitFor();
    await page.getByRole('region', { name: '我的提问' }).getByText(question).waitFor();
    await checkScreen(page, 'issue9-j3-question');
  });
});
