import { afterAll } from 'vitest';

const NPROGRESS_SETTLE_LIMIT_MS = 2000;

// nprogress removes its bar on timers (§2's progress indicator): let them run out while the test
// document still exists, or they fire after the environment is gone ("document is not defined").
afterAll(async () => {
  const deadline = Date.now() + NPROGRESS_SETTLE_LIMIT_MS;
  while (document.getElementById('nprogress') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
