import type { Page } from 'playwright-core';

export const PASSWORD = 'Fresh@123456';

/** A number no seeded account has: 139 + the time's last 8 digits, made unique per call. */
let serial = 0;
export function freshMobile(): string {
  serial += 1;
  return `139${String((Date.now() + serial * 7919) % 100_000_000).padStart(8, '0')}`;
}

/** The latest code sent to a number, from the development outbox. */
export async function latestCode(baseUrl: string, mobile: string): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const response = await fetch(`${baseUrl}/gateways/sms/outbox?mobile=${mobile}`);
    const body = (await response.json()) as { Items: { Code: string | null }[] };
    const code = body.Items[0]?.Code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code in the outbox for ${mobile}`);
}

/**
 * Drags a range slider to `target` as a person does — in several steps over more than 300 ms —
 * then lets go with Enter. The native setter makes React's controlled input see each step.
 */
export async function slide(page: Page, selector: string, target: number): Promise<void> {
  await page.locator(selector).waitFor();
  await page.evaluate(
    async ({ selector, target }) => {
      const slider = document.querySelector<HTMLInputElement>(selector)!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      slider.focus();
      for (let step = 1; step <= 8; step += 1) {
        setValue.call(slider, String(Math.round((target * step) / 8)));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    },
    { selector, target },
  );
  await page.locator(selector).press('Enter');
}

/** The gap's left edge in track units: the tracks are 300 units wide, drawn in percent. */
export async function gapTarget(page: Page, gapSelector: string): Promise<number> {
  const left = await page
    .locator(gapSelector)
    .evaluate((gap) => parseFloat((gap as HTMLElement).style.left));
  return Math.round(left * 3);
}

/** Signs up through the identity provider's page (slide check, SMS code) and lands back in the portal. */
export async function signUpFreshAccount(
  page: Page,
  baseUrl: string,
  name = '测试用户',
): Promise<string> {
  const mobile = freshMobile();
  await page.goto(`${baseUrl}/views/my`);
  await page.waitForURL('**/identity/interaction/**');
  await page.getByRole('link', { name: '注册新账号' }).click();
  await page.locator('#confirmPassword').waitFor();
  await page.fill('#mobile', mobile);
  await page.click('#send-code');
  await page.locator('#captcha-slider').waitFor();
  await slide(page, '#captcha-slider', await gapTarget(page, '.gap'));
  await page.fill('#code', await latestCode(baseUrl, mobile));
  await page.fill('#name', name);
  await page.fill('#password', PASSWORD);
  await page.fill('#confirmPassword', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL(`${baseUrl}/views/my`);
  return mobile;
}
