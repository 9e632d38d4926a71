import {
  apply,
  getForm,
  getProjectPosition,
  idNumberCheckDigit,
  type FormValues,
} from '@portal/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { apiOf, unappliedPaidProject, uploadPhoto } from '../support/portal-api.js';
import { signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, requestPortalCode, signUpFreshAccount } from '../support/sms.js';

/**
 * Issue 28 item 4: a fresh candidate applies with a photo and closes the account, told first that
 * its data is erased after the cooling-off; past it (the back office runs the erasure as of 16 days
 * later) nothing of the name, mobile or photo is left in any table or in storage.
 */
const baseUrl = inject('baseUrl');
/** The server allows one code per number a minute (its sign-up code included). */
const SMS_COOLDOWN_MS = 61_000;

async function devTool<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/dev/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { Data: T }).Data;
}
const tablesHolding = async (Text: string) =>
  (await devTool<{ Tables: string[] }>('data-search', { Text })).Tables;

describe('erasure on closing (issue 28 item 4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the desktop 注销账号 tab says the cooling-off and its date before anything is sent', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await signUpFreshAccount(page, '桌面注销');
    await page.goto(`${baseUrl}/views/my/myAccount?tab=close`);
    await page.getByText(/注销申请提交后有15天冷静期：\d{4}年\d{2}月\d{2}日后/).waitFor();
    await page.getByText('在此之前重新登录即可撤销注销').first().waitFor();
    await screenshot(page, 'issue28-close-desktop');
    await context.close();
  });

  it(
    'a candidate who applied with a photo closes the account; past the cooling-off the name, mobile and photo are gone',
    { timeout: 240_000 },
    async () => {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const name = `冷静期${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
      const mobile = await signUpFreshAccount(page, name);
      const signedUpAt = Date.now();
      const api = await apiOf(page);

      // Applies with a photo and its own ID number.
      const project = await unappliedPaidProject(api);
      const form = await api.call(getForm, { ProjectId: project.ProjectId });
      const asked = new Set(form.Form.Fields.map((f) => f.FieldId));
      expect(asked.has('photo')).toBe(true);
      const first17 = `3201021998041${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
      const photo = await uploadPhoto(page);
      const values: FormValues = {
        name,
        gender: 'male',
        idNumber: first17 + idNumberCheckDigit(first17),
        birthDate: '1998-04-13',
        mobile,
        education: 'bachelor',
        major: '计算机科学与技术',
        hukou: ['11', '110101'],
        hasWork: 'no',
        photo,
      };
      const [position] = await api.call(getProjectPosition, { ProjectId: project.ProjectId });
      await api.call(apply, {
        ProjectId: project.ProjectId,
        PositionId: position!.PositionId,
        Values: Object.fromEntries(Object.entries(values).filter(([id]) => asked.has(id))),
        SensitiveConsent: true,
      });
      const photoUrl = new URL(photo.Url!, baseUrl).href;
      expect((await page.request.get(photoUrl)).status()).toBe(200);
      // The search finds what is there.
      expect(await tablesHolding(name)).toContain('users');
      expect(await tablesHolding(mobile)).toContain('users');

      // Closing says the cooling-off first.
      await page.goto(`${baseUrl}/views/my/cancelPhone`);
      await page.locator('#close-cooling-off', { hasText: '天冷静期' }).waitFor();
      await screenshot(page, 'issue28-close-phone');
      await page.fill('#close-mobile', mobile);
      const wait = signedUpAt + SMS_COOLDOWN_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await page.fill('#close-code', await requestPortalCode(page, mobile));
      await page.getByLabel('我已阅读并了解以上注销后果').check();
      await page.getByRole('button', { name: '注销账号' }).click();
      await page
        .locator('.adm-dialog')
        .getByText(/个人信息将在\d{4}年\d{2}月\d{2}日后删除/)
        .waitFor();
      await screenshot(page, 'issue28-close-phone-confirm');
      await page.locator('.adm-dialog').getByRole('button', { name: '确定注销' }).click();
      await page.getByText(/账号已注销.*前重新登录即可撤销注销/).waitFor();
      await page.getByRole('button', { name: '知道了' }).click();
      await page.waitForURL('**/views/auth/loginout**');

      // Within the cooling-off nothing is erased.
      expect((await devTool<{ Erased: number }>('account-erasure', { DaysLater: 14 })).Erased).toBe(
        0,
      );
      expect(await tablesHolding(name)).toContain('users');
      // Past it, the job erases.
      expect(
        (await devTool<{ Erased: number }>('account-erasure', { DaysLater: 16 })).Erased,
      ).toBeGreaterThanOrEqual(1);
      for (const personal of [name, mobile, values.idNumber as string])
        expect(await tablesHolding(personal), personal).toEqual([]);
      expect((await page.request.get(photoUrl)).status()).toBe(404);

      // Nothing signs in to it any more.
      await page.goto(`${baseUrl}/views/my`);
      await signInAtProvider(page, mobile, FRESH_PASSWORD);
      await page.locator('#form-error').waitFor();
      await context.close();
    },
  );
});
