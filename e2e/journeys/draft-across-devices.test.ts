import { getForm, getProjectPosition } from '@portal/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser.js';
import {
  apiOf,
  applicationsOf,
  passportPhoto,
  unappliedPaidProject,
  type SignedInApi,
} from '../support/portal-api.js';
import { checkScreen } from '../support/screens.js';
import { GOOD_ID_NUMBER, signInAtProvider } from '../support/sign-in.js';
import { FRESH_PASSWORD, signUpFreshAccount } from '../support/sms.js';

/**
 * Issue 30, point 15: a draft typed on the phone, its uploaded photo included, opens on the desktop
 * from the server (not from the browser's own storage), with the position chosen on the phone; and
 * what is then typed on the desktop is what the phone shows after a reload (the newest save wins).
 */
const baseUrl = inject('baseUrl');
const NAME = '草稿考生';

/** The uploaded photo itself is drawn, read from its signed address (not the placeholder). */
async function photoShown(page: Page) {
  const uploaded = page.locator('img[alt="已上传的证件照"]');
  await uploaded.waitFor();
  await expect
    .poll(() => uploaded.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

describe('a draft that follows the candidate to another device (issue 30, point 15)', () => {
  let browser: Browser;
  let phone: BrowserContext;
  let page: Page;
  let mobile: string;
  let api: SignedInApi;

  beforeAll(async () => {
    browser = await launchBrowser();
    phone = await browser.newContext(PHONE);
    page = await phone.newPage();
    mobile = await signUpFreshAccount(page, NAME);
    api = await apiOf(page);
  });
  afterAll(async () => {
    await phone?.close();
    await browser?.close();
  });

  it(
    'typed on the phone with a photo, opened on the desktop, changed there',
    { timeout: 180_000 },
    async () => {
      const project = await unappliedPaidProject(api);
      const positions = await api.call(getProjectPosition, { ProjectId: project.ProjectId });
      const chosen = positions[positions.length - 1]!;
      const draftOnServer = async () =>
        (await api.call(getForm, { ProjectId: project.ProjectId })).Draft;

      // The phone: the last position, then part of the form and the photo; nothing is sent.
      await page.goto(
        `${baseUrl}/views/apply?ProjectId=${project.ProjectId}&PositionId=${chosen.PositionId}`,
      );
      await page.getByRole('form').waitFor();
      await page.fill('#field-name', NAME);
      await page.fill('#field-idNumber', GOOD_ID_NUMBER);
      await page.setInputFiles('#field-photo', {
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await passportPhoto(page),
      });
      await photoShown(page);
      await expect
        .poll(async () => (await draftOnServer())?.Values, { timeout: 15_000 })
        .toMatchObject({ name: NAME, idNumber: GOOD_ID_NUMBER, photo: { FileName: 'photo.jpg' } });
      expect((await draftOnServer())?.PositionId).toBe(chosen.PositionId);
      const saved = page.getByText(/^草稿已于 \d\d:\d\d 自动保存，换一台设备登录也能接着填写$/);
      await saved.waitFor();
      await saved.scrollIntoViewIfNeeded();
      await checkScreen(page, 'issue30-15-phone-draft-saved');
      expect(await applicationsOf(api, project.ProjectId)).toEqual([]);

      // The desktop: another browser, signed in with the password; the form opened from a link that
      // names no position.
      const desktop = await browser.newContext(DESKTOP);
      try {
        const pc = await desktop.newPage();
        await pc.goto(`${baseUrl}/views/my`);
        await signInAtProvider(pc, mobile, FRESH_PASSWORD);
        await pc.waitForURL(`${baseUrl}/views/my`);
        await pc.goto(`${baseUrl}/views/apply?ProjectId=${project.ProjectId}`);
        await expect.poll(() => pc.inputValue('#apply-field-name')).toBe(NAME);
        expect(await pc.inputValue('#apply-field-idNumber')).toBe(GOOD_ID_NUMBER);
        // The position chosen on the phone.
        await expect
          .poll(() => pc.locator('.ant-select:has(#apply-field-PositionId)').textContent())
          .toContain(chosen.Name);
        await photoShown(pc);
        await pc.getByRole('button', { name: '提交报名' }).waitFor();
        await checkScreen(pc, 'issue30-15-desktop-draft-from-phone');

        // Changed on the desktop: the newest save is what the phone opens next.
        await pc.fill('#apply-field-name', `${NAME}乙`);
        await expect
          .poll(async () => (await draftOnServer())?.Values.name, { timeout: 15_000 })
          .toBe(`${NAME}乙`);
      } finally {
        await desktop.close();
      }
      await page.reload();
      await expect.poll(() => page.inputValue('#field-name')).toBe(`${NAME}乙`);
      expect(await page.inputValue('#field-idNumber')).toBe(GOOD_ID_NUMBER);
      await photoShown(page);
      await checkScreen(page, 'issue30-15-phone-draft-from-desktop');
    },
  );
});
