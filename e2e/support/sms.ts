import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The shared server of the journeys (global-setup). */
const baseUrl = () => inject('baseUrl');

/** The password every fresh account of the journeys signs up with. */
export const FRESH_PASSWORD = 'Fresh@123456';

/**
 * A number no seeded account has: the prefix + the time's last 8 digits, made unique per call. A
 * journey file may take a prefix of its own to stay apart from the others' numbers.
 */
let serial = 0;
export function freshMobile(prefix = '139'): string {
  serial += 1;
  return `${prefix}${String((Date.now() + serial * 7919) % 100_000_000).padStart(8, '0')}`;
}

/** The latest code sent to a number, from the development outbox. */
export async function latestCode(mobile: string, base = baseUrl()): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const response = await fetch(`${base}/gateways/sms/outbox?mobile=${mobile}`);
    const body = (await response.json()) as { Items: { Code: string | null }[] };
    // The newest code: a notification (no code) may have come after it.
    const code = body.Items.find((item) => item.Code)?.Code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code in the outbox for ${mobile}`);
}

/**
 * Signs up through the identity provider's page (SMS code after the proof of work) and lands back
 * in the portal: the shared server's, or the one at `base` a journey started for itself.
 */
export async function signUpFreshAccount(
  page: Page,
  name = '测试用户',
  base = baseUrl(),
): Promise<string> {
  const mobile = freshMobile();
  await page.goto(`${base}/views/my`);
  await page.waitForURL('**/identity/interaction/**');
  await page.getByRole('link', { name: '注册新账号' }).click();
  await page.locator('#confirmPassword').waitFor();
  await page.fill('#mobile', mobile);
  await page.click('#send-code');
  await page.locator('#sms-status', { hasText: '已发送' }).waitFor();
  await page.fill('#code', await latestCode(mobile, base));
  await page.fill('#name', name);
  await page.fill('#password', FRESH_PASSWORD);
  await page.fill('#confirmPassword', FRESH_PASSWORD);
  // Any consent the sign-up page asks for (the user agreement) is given.
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.click('button[type=submit]');
  await page.waitForURL(`${base}/views/my`);
  return mobile;
}

/** 获取验证码 in the portal: the proof of work runs by itself, then the code is read from the outbox. */
export async function requestPortalCode(page: Page, mobile: string): Promise<string> {
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/验证码已发送至/).waitFor();
  return latestCode(mobile);
}

/**
 * On an identity page with an SMS code field: 获取验证码 (the proof of work runs by itself), then
 * the code from the outbox.
 * A number gets one code a minute: told to wait, it waits as a person would and asks again.
 */
export async function fillSmsCode(page: Page, mobile: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.click('#send-code');
    await page.waitForFunction(
      () =>
        Boolean(document.getElementById('sms-status')?.textContent?.includes('已发送')) ||
        Boolean(document.getElementById('form-error')?.textContent),
    );
    const refusal = (await page.locator('#form-error').textContent()) ?? '';
    const wait = /请(\d+)秒后再试/.exec(refusal);
    if (!refusal) {
      await page.fill('#code', await latestCode(mobile));
      return;
    }
    if (!wait) throw new Error(`no code sent: ${refusal}`);
    await page.waitForTimeout((Number(wait[1]) + 1) * 1000);
  }
  throw new Error(`no code sent to ${mobile}`);
}
