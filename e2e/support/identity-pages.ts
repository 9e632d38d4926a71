import type { Page } from 'playwright-core';

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
 * then lets go with Enter. The native setter makes a controlled input see each step.
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

/**
 * On an identity page with an SMS code field: the slide check, then the code from the outbox.
 * A number gets one code a minute: told to wait, it waits as a person would and asks again.
 */
export async function fillSmsCode(page: Page, baseUrl: string, mobile: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.click('#send-code');
    await page.locator('#captcha-slider').waitFor();
    await slide(page, '#captcha-slider', await gapTarget(page, '.gap'));
    await page.waitForFunction(
      () =>
        Boolean(document.getElementById('sms-status')?.textContent?.includes('已发送')) ||
        Boolean(document.getElementById('form-error')?.textContent),
    );
    const refusal = (await page.locator('#form-error').textContent()) ?? '';
    const wait = /请(\d+)秒后再试/.exec(refusal);
    if (!refusal) {
      await page.fill('#code', await latestCode(baseUrl, mobile));
      return;
    }
    if (!wait) throw new Error(`no code sent: ${refusal}`);
    await page.waitForTimeout((Number(wait[1]) + 1) * 1000);
  }
  throw new Error(`no code sent to ${mobile}`);
}
