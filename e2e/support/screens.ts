import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';
import { screenshot } from './browser.js';

/** Each screen a journey reaches: saved for a person to look at, and axe-clean. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // A button still under the mouse shows its hover colour, which is not what is measured.
  await page.mouse.move(0, 0);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Nothing wider than the viewport: no horizontal scroll. */
export function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The same on a 320 px phone, the viewport put back afterwards. */
export async function fitsAt320(page: Page): Promise<boolean> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForTimeout(150);
  const fits = await hasNoHorizontalScroll(page);
  await page.setViewportSize(size);
  return fits;
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
