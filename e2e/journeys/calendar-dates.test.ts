import { getUserApplyArchive, saveApplyDraft } from '@portal/contracts';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { apiOf, unappliedProjectAskingBirthDate } from '../support/portal-api.js';
import { DEMO_NAME, signInAtProvider } from '../support/sign-in.js';

/**
 * Issue 27, point 5: a date a candidate picks is a Beijing calendar date on any device. The
 * device's time zone is set in the browser (east and west of Beijing); the birth date the form
 * fills from the ID number goes through the phone's picker and comes back the same day, and the
 * desktop's picker speaks Chinese.
 */
const baseUrl = inject('baseUrl');
/** The demo candidate's birth date, as the form fills it from the ID number. */
const BIRTH_DATE = '1990-03-07';

/** Signed in on a device in its time zone, on the form of a project that asks a birth date. */
async function formAskingBirthDate(
  browser: Browser,
  device: BrowserContextOptions,
  nameField: string,
): Promise<Page> {
  const page = await (await browser.newContext(device)).newPage();
  await page.goto(`${baseUrl}/views/my`);
  await signInAtProvider(page);
  await page.waitForURL(`${baseUrl}/views/my`);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    device.timezoneId,
  );
  const api = await apiOf(page);
  const target = await unappliedProjectAskingBirthDate(api);
  // Drafts follow the account to every device: another journey's typing on this form is replaced
  // by the form as the archive fills it.
  const { Values } = await api.call(getUserApplyArchive, {});
  await api.call(saveApplyDraft, {
    ProjectId: target.projectId,
    PositionId: target.positionId,
    Values: { ...Values, birthDate: BIRTH_DATE },
  });
  await page.goto(
    `${baseUrl}/views/apply?ProjectId=${target.projectId}&PositionId=${target.positionId}`,
  );
  await expect.poll(() => page.inputValue(nameField)).toBe(DEMO_NAME);
  return page;
}

describe.each(['Asia/Tokyo', 'America/Los_Angeles'])('a device in %s', (timezoneId) => {
  let browser: Browser;
  const shot = `issue27-calendar-${timezoneId.split('/')[1]!.toLowerCase()}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the phone picker confirms the birth date it opened at, the same day', async () => {
    const page = await formAskingBirthDate(browser, { ...PHONE, timezoneId }, '#field-name');
    const birthDate = page.locator('#field-birthDate');
    await expect.poll(() => birthDate.textContent()).toBe(BIRTH_DATE);
    await birthDate.click();
    const picker = page.locator('.adm-picker');
    await picker.waitFor();
    await screenshot(page, `${shot}-phone-picker`);
    await page.getByRole('button', { name: '确定' }).last().click();
    await picker.waitFor({ state: 'hidden' });
    expect(await birthDate.textContent()).toBe(BIRTH_DATE);
    await page.context().close();
  });

  it('the desktop picker names months and weekdays in Chinese and keeps the day chosen', async () => {
    const page = await formAskingBirthDate(
      browser,
      { ...DESKTOP, timezoneId },
      '#apply-field-name',
    );
    const field = page.locator('#apply-field-birthDate');
    await expect.poll(() => field.inputValue()).toBe(BIRTH_DATE);
    await field.click();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await panel.waitFor();
    await screenshot(page, `${shot}-desktop-picker`);
    expect(await panel.locator('.ant-picker-header-view').innerText()).toMatch(/1990年\s*3月/);
    expect(await panel.locator('thead th').allInnerTexts()).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '日',
    ]);
    await panel.locator('td[title="1990-03-15"]').click();
    await expect.poll(() => field.inputValue()).toBe('1990-03-15');
    await page.context().close();
  });
});
