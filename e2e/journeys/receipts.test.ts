import { apply, getForm, getProjectPosition, type FormValues } from '@portal/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import {
  apiOf,
  applicationTitled,
  unappliedProjectWithForm,
  uploadPhoto,
} from '../support/portal-api.js';
import { checkScreen, escapeRegExp, hasNoHorizontalScroll } from '../support/screens.js';
import { GOOD_ID_NUMBER, signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 30, point 17: receipts the server signs. An application is submitted and its receipt's
 * address verifies; an online exam is sat and submitted and its receipt verifies; a receipt with
 * one character changed does not.
 */
const baseUrl = inject('baseUrl');

/** The demo user's 60-second paper, which no other journey on this server sits. */
const WANG_FANG = { mobile: '13900139000', password: 'Demo@654321' };
const SHORT_EXAM = '2026年安全生产知识在线测验（限时练习）';

/** The verify page a receipt's link leads to, genuine; then with one character of R changed. */
async function verifyAndTamper(page: Page, href: string, kindLabel: string, shot: string) {
  const url = new URL(href);
  expect(url.pathname).toBe('/receipt/verify');
  await page.goto(href);
  await page.getByText('✓ 回执真实有效').waitFor();
  await page.getByText(kindLabel).first().waitFor();
  expect(await page.content()).not.toContain(GOOD_ID_NUMBER);
  await checkScreen(page, `${shot}-verify`);

  const text = url.searchParams.get('R')!;
  const at = Math.floor(text.length / 2);
  url.searchParams.set(
    'R',
    `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`,
  );
  const tampered = await page.goto(url.href);
  expect(tampered?.status()).toBe(404);
  await page.getByText('✗ 不是真实有效的回执').waitFor();
  await checkScreen(page, `${shot}-tampered`);
}

describe('journey: receipts of an application and of an online exam (issue 30, point 17)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('on a phone: the submitted application has a receipt on its flow page that verifies', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my/myProject`);
    // The second demo candidate: a new application of 李明's would move the lists other journeys
    // on this shared server read.
    await signInAtProvider(page, WANG_FANG.mobile, WANG_FANG.password);
    await page.waitForURL(`${baseUrl}/views/my/myProject`);
    const api = await apiOf(page);
    const { projectId, positionId } = await unappliedProjectWithForm(api, () => true);
    const form = await api.call(getForm, { ProjectId: projectId });
    const asked = new Set(form.Form.Fields.map((f) => f.FieldId));
    const values: FormValues = {
      name: '王芳',
      gender: 'male',
      idNumber: GOOD_ID_NUMBER,
      birthDate: '1990-03-07',
      mobile: '13900139000',
      education: 'bachelor',
      major: '计算机科学与技术',
      hukou: ['11', '110101'],
      hasWork: 'no',
      photo: await uploadPhoto(page),
    };
    expect(await api.call(getProjectPosition, { ProjectId: projectId })).not.toHaveLength(0);
    await api.call(apply, {
      ProjectId: projectId,
      PositionId: positionId,
      Values: Object.fromEntries(Object.entries(values).filter(([id]) => asked.has(id))),
      SensitiveConsent: true,
    });

    await page.goto(`${baseUrl}/views/flowManage?ProjectId=${projectId}`);
    await page.getByRole('heading', { name: '提交回执' }).waitFor();
    await checkScreen(page, 'receipt-flow-phone');
    await page.getByRole('link', { name: /查看报名回执/ }).click();
    await page.waitForURL(/\/views\/receipt\?ApplyId=\d+&Kind=Apply/);
    await page.getByRole('heading', { name: '报名提交回执' }).waitFor();
    await page.getByText('王*', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(GOOD_ID_NUMBER);
    await page.getByRole('img', { name: '报名提交回执核验二维码' }).waitFor();
    expect(await hasNoHorizontalScroll(page)).toBe(true);
    await checkScreen(page, 'receipt-apply-phone');
    const href = await page.getByRole('link', { name: /打开核验页面/ }).getAttribute('href');
    await verifyAndTamper(page, href!, '报名提交回执', 'receipt-apply');
    await context.close();
  });

  it('on a desktop: the submitted exam shows its receipt at once, and it verifies', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/views/my/myProject`);
    await signInAtProvider(page);
    await page.waitForURL(`${baseUrl}/views/my/myProject`);
    const exam = await applicationTitled(await apiOf(page), SHORT_EXAM);
    await page.goto(
      `${baseUrl}/views/onlineExam?ProjectId=${exam.ProjectId}&ApplyId=${exam.ApplyId}`,
    );
    await page.getByRole('heading', { name: new RegExp(escapeRegExp(SHORT_EXAM)) }).waitFor();
    await page.getByRole('button', { name: '开始答题' }).click();
    await page.getByRole('timer').waitFor();
    // Nothing answered: the receipt attests an empty answer sheet as well.
    await page.getByRole('button', { name: /^交卷/ }).click();
    await page.getByRole('button', { name: '确认交卷' }).click();
    await page.getByRole('heading', { name: '考试交卷回执' }).waitFor();
    await page.getByRole('button', { name: '确认交卷' }).waitFor({ state: 'detached' });
    await checkScreen(page, 'receipt-exam-desktop');
    const href = await page.getByRole('link', { name: /打开核验页面/ }).getAttribute('href');

    // Opened again later from the project's flow page.
    await page.goto(`${baseUrl}/views/flowManage?ProjectId=${exam.ProjectId}`);
    await page.getByRole('button', { name: '考试回执' }).waitFor();
    await page.getByRole('button', { name: '报名回执' }).waitFor();
    await checkScreen(page, 'receipt-flow-desktop');
    await page.getByRole('button', { name: '考试回执' }).click();
    await page.waitForURL(/\/views\/receipt\?ApplyId=\d+&Kind=Exam/);
    await page.getByRole('heading', { name: '考试交卷回执' }).waitFor();
    await checkScreen(page, 'receipt-exam-desktop-again');
    expect(await page.getByRole('link', { name: /打开核验页面/ }).getAttribute('href')).toBe(href);

    await verifyAndTamper(page, href!, '考试交卷回执', 'receipt-exam');
    await context.close();
  });
});
