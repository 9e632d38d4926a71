import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.js';
import {
  apiOf,
  applicationsOf,
  drawPassportPhoto,
  approveInBackOffice,
} from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { SENSITIVE_CONSENT_LABEL } from '../support/sign-in.js';
import { FRESH_PASSWORD, freshMobile, latestCode } from '../support/sms.js';

/**
 * Issue 29, item 3: on a phone, as a screen reader user meets the pages — every control found by
 * its role and accessible name, nothing read off a picture, nothing dragged — sign up with an SMS
 * code, apply with a photo, pay, and answer an exam question. (The code is read from the SMS
 * outbox, as it arrives on the phone.)
 */
const baseUrl = inject('baseUrl');
const PROJECT = '2026年全国计算机应用能力在线测评（初级）';
const NAME = '读屏用户';

/** A checksum-valid ID number of a man born 1995-01-01, different on each run. */
function freshIdNumber(): string {
  const serial = String(((Date.now() % 450) * 2 + 1) % 1000).padStart(3, '0');
  const body = `11010119950101${serial}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/** 确定 of the picker that is open (the last drawn). */
async function confirmPicker(page: Page): Promise<void> {
  await page.getByRole('button', { name: '确定' }).last().click();
  await page.getByRole('button', { name: '确定' }).last().waitFor({ state: 'hidden' });
}

describe('by roles and names only, on a phone: sign up, apply, pay, answer', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  // A try again starts as a new visitor: the first try may have signed up already.
  beforeEach(async () => {
    page = await (await browser.newContext(PHONE)).newPage();
  });
  afterEach(async () => {
    await page?.context().close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gets an SMS code, signs up, applies and saves an answer', { timeout: 180_000 }, async () => {
    // Sign up: the human check runs by itself and says so in a live region; no picture to read.
    const mobile = freshMobile('137');
    await page.goto(`${baseUrl}/views/my`);
    await page.getByRole('link', { name: '注册新账号' }).click();
    await page.getByRole('heading', { name: '注册新账号' }).waitFor();
    await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('status').filter({ hasText: '已发送' }).waitFor();
    await page.getByRole('textbox', { name: '短信验证码' }).fill(await latestCode(mobile));
    await page.getByRole('textbox', { name: '姓名' }).fill(NAME);
    await page.getByLabel('密码', { exact: true }).fill(FRESH_PASSWORD);
    await page.getByLabel('确认密码').fill(FRESH_PASSWORD);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await checkScreen(page, 'screen-reader-sign-up');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await page.waitForURL(`${baseUrl}/views/my`);

    // The project, found by searching the list.
    await page.goto(`${baseUrl}/views/home/project`);
    await page.getByRole('searchbox').fill('计算机应用能力');
    await page
      .getByRole('list', { name: '项目列表' })
      .getByRole('link', { name: new RegExp(PROJECT.replace(/[()（）]/g, '.')) })
      .click();
    await page.getByRole('heading', { level: 2, name: PROJECT }).waitFor();
    const flowUrl = page.url();
    await page.getByRole('button', { name: '立即报名' }).click();
    await page.getByRole('list', { name: '岗位列表' }).waitFor();
    await page
      .getByRole('button', { name: /^报考 / })
      .first()
      .click();

    // The form, field by field as announced.
    await page.getByRole('form').waitFor();
    const name = page.getByRole('textbox', { name: '姓名' });
    if (!(await name.inputValue())) await name.fill(NAME);
    // A screen reader moves to the option and activates it (Space), as its users do.
    const sex = page.getByRole('radiogroup', { name: '性别' });
    if (await sex.count()) {
      const man = sex.getByRole('radio', { name: '男' });
      await man.focus();
      await page.keyboard.press('Space');
      expect(await man.isChecked()).toBe(true);
    }
    await page.getByRole('textbox', { name: '身份证号' }).fill(freshIdNumber());
    const phone = page.getByRole('textbox', { name: '手机号' });
    if ((await phone.count()) && !(await phone.inputValue())) await phone.fill(mobile);
    for (const picker of ['学历', '户籍所在地']) {
      // Named by its label (and the label's required mark).
      const button = page.getByRole('button', { name: new RegExp(`^${picker}`) });
      if (!(await button.count())) continue;
      await button.click();
      await confirmPicker(page);
    }
    const major = page.getByRole('textbox', { name: '专业' });
    if ((await major.count()) && !(await major.inputValue())) await major.fill('计算机科学与技术');
    const photo = Buffer.from((await page.evaluate(drawPassportPhoto)).split(',')[1]!, 'base64');
    await page
      .getByLabel(/证件照$/)
      .first()
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: '已上传的证件照' }).waitFor();
    await page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }).check();
    await checkScreen(page, 'screen-reader-apply');
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.waitForURL(flowUrl);

    // Approved by the back office; paid at the sandbox cashier.
    const api = await apiOf(page);
    const projectId = Number(new URL(flowUrl).searchParams.get('ProjectId'));
    const [application] = await applicationsOf(api, projectId);
    expect(application?.Status).toBe('Submitted');
    await approveInBackOffice(baseUrl, application!.ApplyId);
    await page.reload();
    await page.getByRole('button', { name: '去缴费' }).click();
    await page.getByRole('button', { name: /^去支付/ }).click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByRole('heading', { name: '支付成功' }).waitFor();

    // The exam: start, choose an option of the first question, and hear that it is saved.
    await page.goto(flowUrl);
    await page.getByRole('button', { name: '参加考试' }).click();
    await page.getByRole('button', { name: '开始答题' }).click();
    await page.getByRole('timer').waitFor();
    // Questions are shuffled per attempt: the first may be a multiple choice (checkboxes).
    const first = page.getByRole('group', { name: /^第1题/ });
    await first.getByRole('radio').or(first.getByRole('checkbox')).first().check();
    await page.getByRole('status').filter({ hasText: '已保存' }).waitFor();
    await checkScreen(page, 'screen-reader-exam');
  });
});
