import fs from 'node:fs';
import path from 'node:path';
import {
  getUserApplyArchive,
  idNumberCheckDigit,
  realPersonVerify,
  saveUserApplyArchive,
} from '@portal/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE, screenshot } from '../support/browser.js';
import { apiOf } from '../support/portal-api.js';
import { SERVER_LOG } from '../support/server.js';
import { signUpFreshAccount } from '../support/sms.js';

/** Issue 28: personal data sealed at rest on the embedded default, and never in the log. */
const dataDir = inject('dataDir');
const baseUrl = inject('baseUrl');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const withCheckDigit = (first17: string) => first17 + idNumberCheckDigit(first17);
/** A person of the sandbox's register (apps/server/src/gateways/identity/sandbox.ts) no seed holds. */
const REGISTERED = { name: '孙丽', idNumber: withCheckDigit('32010219980412004') };

describe('personal data at rest and in the log (issue 28)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a new candidate's ID numbers are in no file of the data folder, and nothing of them is in the log", async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const mobile = await signUpFreshAccount(page, REGISTERED.name);
    const api = await apiOf(page);
    const verified = REGISTERED.idNumber;

    // The register refuses a number that is not this person's, and says what to do.
    await page.goto(`${baseUrl}/views/my/myAccount`);
    await page.fill('#real-name', REGISTERED.name);
    await page.fill('#real-id', withCheckDigit('32010219980412005'));
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect
      .poll(() => page.locator('#real-id-error').textContent())
      .toBe('姓名与身份证号码不一致，请核对后重新填写');
    await screenshot(page, 'issue28-real-name-refused');
    await page.fill('#real-id', verified);
    await page.getByRole('button', { name: '提交认证' }).click();
    await page.locator('.account-tag--ok', { hasText: '已实名' }).first().waitFor();
    const archived = withCheckDigit(
      `32010219980413${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`,
    );
    // Asked again with the same pair, the account answers as verified.
    expect(
      (await api.call(realPersonVerify, { Name: REGISTERED.name, IdNumber: verified })).IsRealName,
    ).toBe(true);
    await api.call(saveUserApplyArchive, { Values: { name: REGISTERED.name, idNumber: archived } });
    // What was sealed reads back as it was written.
    expect((await api.call(getUserApplyArchive, {})).Values?.idNumber).toBe(archived);
    await context.close();

    const stored = filesUnder(dataDir).filter((file) => path.basename(file) !== SERVER_LOG);
    const holding = (text: string) =>
      stored.filter((file) => fs.readFileSync(file).includes(Buffer.from(text)));
    expect(holding(verified)).toEqual([]);
    expect(holding(archived)).toEqual([]);
    // The search finds what is there: the account's mobile (its sign-in name) is not sealed.
    expect(holding(mobile).length).toBeGreaterThan(0);

    const log = fs.readFileSync(path.join(dataDir, SERVER_LOG), 'utf8');
    expect(log).toContain('User/RealPersonVerify');
    for (const personal of [verified, archived, mobile]) expect(log).not.toContain(personal);
  });
});
