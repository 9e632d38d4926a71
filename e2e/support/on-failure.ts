import { afterEach } from 'vitest';
import { openBrowsers, screenshot } from './browser.js';

/**
 * When a journey test fails, CI's log says where each open page was and what it showed, and a
 * screenshot is kept: a timeout alone ("waiting for getByRole(…)") does not say whether the page
 * was elsewhere, still loading, or showing an error.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  let index = 0;
  for (const browser of openBrowsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        index += 1;
        const name = `failed-${task.name.slice(0, 40).replace(/[^\w\u4e00-\u9fff]+/g, '-')}-${index}`;
        const text = await page
          .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600))
          .catch((error: unknown) => `(unreadable: ${String(error)})`);
        console.error(`[failed test] page ${index}: ${page.url()}\n  shows: ${text}`);
        await screenshot(page, name).catch(() => undefined);
      }
    }
  }
});
