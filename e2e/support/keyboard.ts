import type { Locator, Page } from 'playwright-core';

/** More than any screen of ours needs between one control and the next (the header's menu included). */
const MAX_TABS = 120;

/**
 * Presses Tab until `target` (or something inside it) has the focus, as a keyboard user moves;
 * fails if it is never reached, or if what has the focus is hidden under something drawn over
 * it — a sticky header, a fixed bar (WCAG 2.2 SC 2.4.11).
 */
export async function tabTo(page: Page, target: Locator, what: string): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await target
      .evaluate((element) => element.contains(document.activeElement))
      .catch(() => false);
    if (!focused) continue;
    const hiddenUnder = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || element.contains(hit) || hit.contains(element) || hit.closest('label'))
        return null;
      return hit.outerHTML.slice(0, 120);
    });
    if (hiddenUnder) throw new Error(`${what}: focused but hidden under ${hiddenUnder}`);
    return;
  }
  throw new Error(`${what}: not reached with ${MAX_TABS} presses of Tab`);
}

/** Tab to `target`, then press `key` on it. */
export async function tabAndPress(
  page: Page,
  target: Locator,
  what: string,
  key: 'Enter' | 'Space' = 'Enter',
): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.press(key);
}

/** Tab to a text field, then replace what it holds by typing. */
export async function tabAndType(
  page: Page,
  target: Locator,
  what: string,
  text: string,
): Promise<void> {
  await tabTo(page, target, what);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}
