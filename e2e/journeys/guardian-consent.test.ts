import { idNumberCheckDigit, saveUserApplyArchive } from '@portal/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import {
  apiOf,
  applicationsOf,
  passportPhoto,
  unappliedProjectWithForm,
} from '../support/portal-api.js';
import { SENSITIVE_CONSENT_LABEL, signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, freshMobile, latestCode, signUpFreshAccount } from '../support/sms.js';

/** Issue 28, PIPL art. 31: a child under 14 applies only with a guardian's consent. */
const baseUrl = inject('baseUrl');

const CHILD_BIRTH = '2015-03-07';
const CHILD_ID_17 = `110105${CHILD_BIRTH.replaceAll('-', '')}004`;
const CHILD_ID = CHILD_ID_17 + idNumberCheckDigit(CHILD_ID_17);

describe('a child under 14 applies with a guardian (issue 28)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("asks the guardian's name, a code to the guardian's phone and their consent before sending", async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const mobile = await signUpFreshAccount(page, '张小满');
    const api = await apiOf(page);
    // A contest's form: an ID number and no birth date limited to adults.
    const { projectId, positionId } = await unappliedProjectWithForm(
      api,
      (fields) =>
        fields.some((f) => f.Type === 'idcard') && !fields.some((f) => f.FieldId === 'birthDate'),
    );
    // What a parent would have in the child's archive; the form is pre-filled from it.
    await api.call(saveUserApplyArchive, {
      Values: {
        name: '张小满',
        gender: 'female',
        idNumber: CHILD_ID,
        birthDate: CHILD_BIRTH,
        mobile,
        education: 'bachelor',
        major: '语文',
        hasWork: 'no',
        skills: ['writing'],
      },
    });

    await page.goto(`${baseUrl}/views/apply?ProjectId=${projectId}&PositionId=${positionId}`);
    await expect.poll(() => page.inputValue('#field-idNumber')).toBe(CHILD_ID);
    if (await page.locator('#field-hukou').count()) {
      await page.click('#field-hukou');
      await page.getByRole('button', { name: '确定' }).last().click();
      await page.locator('.adm-popup').first().waitFor({ state: 'hidden' });
    }
    if (await page.locator('#field-photo').count())
      await page.setInputFiles('#field-photo', {
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await passportPhoto(page),
      });
    await page.locator('img[alt="已上传的证件照"]').waitFor();
    await page.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }).check();

    // The guardian's part appears for a child's ID number, and nothing is sent without it.
    const guardian = page.getByRole('region', { name: '监护人同意' });
    await guardian.waitFor();
    await page.getByRole('button', { name: '提交报名' }).click();
    await expect
      .poll(() => page.locator('#field-Guardian-name-error').textContent())
      .toBe('请填写监护人姓名');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('field-Guardian-name');
    expect(await applicationsOf(api, projectId)).toEqual([]);
    await screenshot(page, 'issue28-guardian-asked');
    expect(await seriousViolations(page)).toEqual([]);

    const guardianMobile = freshMobile('137');
    await page.fill('#field-Guardian-name', '张大山');
    await page.fill('#field-Guardian-mobile', guardianMobile);
    await guardian.getByRole('button', { name: '获取验证码' }).click();
    await guardian.getByText(/验证码已发送至/).waitFor();
    await page.fill('#field-Guardian-code', await latestCode(guardianMobile));
    await guardian.getByRole('checkbox').check();
    await screenshot(page, 'issue28-guardian-filled');
    await page.getByRole('button', { name: '提交报名' }).click();
    await page.waitForURL(`**/views/flowManage?ProjectId=${projectId}`);
    const [application] = await applicationsOf(api, projectId);
    expect(application?.Status).toBe('Submitted');
    await context.close();

    // The desktop asks the same, for the next contest.
    const desktop = await browser.newContext(DESKTOP);
    const desk = await desktop.newPage();
    await desk.goto(`${baseUrl}/views/my`);
    await signInAtProvider(desk, mobile, FRESH_PASSWORD);
    await desk.waitForURL('**/views/my');
    const next = await unappliedProjectWithForm(
      await apiOf(desk),
      (fields) =>
        fields.some((f) => f.Type === 'idcard') && !fields.some((f) => f.FieldId === 'birthDate'),
    );
    await desk.goto(
      `${baseUrl}/views/apply?ProjectId=${next.projectId}&PositionId=${next.positionId}`,
    );
    await expect.poll(() => desk.inputValue('#apply-field-idNumber')).toBe(CHILD_ID);
    const asked = desk.getByRole('region', { name: '监护人同意' });
    await asked.waitFor();
    await asked.getByLabel('监护人姓名').waitFor();
    await asked.scrollIntoViewIfNeeded();
    await screenshot(desk, 'issue28-guardian-desktop');
    expect(await seriousViolations(desk)).toEqual([]);
    await desktop.close();
  });
});
