import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';
import { screenshot } from './browser.js';

/**
 * Resolves once the screen has stopped moving: no inline style written for `quietMs` (antd-mobile
 * animates its dialogs and popups with react-spring, which writes styles every frame) and no
 * finite CSS transition or animation running; at the latest after `capMs` (a clock that ticks).
 */
export function screenSettled(page: Page, quietMs = 250, capMs = 5000): Promise<void> {
  return page.evaluate(
    ([quiet, cap]) =>
      new Promise<void>((resolve) => {
        let lastChange = performance.now();
        const started = lastChange;
        const observer = new MutationObserver(() => {
          lastChange = performance.now();
        });
        observer.observe(document.documentElement, {
          attributes: true,
          attributeFilter: ['style'],
          subtree: true,
        });
        const moving = () =>
          document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getTiming().iterations !== Infinity,
            );
        const check = () => {
          const now = performance.now();
          if ((now - lastChange >= quiet && !moving()) || now - started >= cap) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [quietMs, capMs] as const,
  );
}

/** Each screen a journey reaches: saved for a person to look at, and axe-clean. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // A button still under the mouse shows its hover colour, which is not what is measured.
  await page.mouse.move(0, 0);
  // Colours are judged as shown, not halfway through a fade.
  await screenSettled(page);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Nothing wider than the viewport: no horizontal scroll. */
export function hasNoHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Controls in view that something else is drawn over (an avatar over 消息, a badge cut off): each
 * visible link, button and field whose centre shows another element. Returned as short outlines.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [tabindex="0"]',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control.contains(hit) || hit.contains(control)) continue;
      // A styled box drawn over its own native input (checkboxes, radios, file buttons) is it.
      if (hit.closest('label')?.contains(control) || control.closest('label')?.contains(hit))
        continue;
      if (control.parentElement?.contains(hit) && getComputedStyle(control).opacity === '0')
        continue;
      covered.push(`${control.outerHTML.slice(0, 80)} under ${hit.outerHTML.slice(0, 80)}`);
    }
    return covered;
  });
}

/** The outermost elements reaching past the viewport's right edge, as short outlines. */
export function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 1)
      .filter(
        (element) =>
          !element.parentElement ||
          element.parentElement.getBoundingClientRect().right <= innerWidth + 1,
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} to ${Math.round(element.getBoundingClientRect().right)} px`,
      ),
  );
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

/**
 * A phone list loads its next page when its end scrolls into view: scrolls until `item` is drawn.
 * Journeys share the demo candidates, so what is on a list's first page depends on who ran before.
 */
export async function scrollUntilDrawn(page: Page, item: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await item.count()) return true;
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return false;
      },
      { interval: 300 },
    )
    .toBe(true);
}
