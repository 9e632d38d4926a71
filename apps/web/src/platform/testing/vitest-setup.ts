import { configure } from '@testing-library/react';
import { JSDOM } from 'jsdom';
import NProgress from 'nprogress';
import { afterAll } from 'vitest';
import { setSanitizingWindow } from '../../shared/safe-html';

// A test waits for the state its rule names (findBy…, waitFor); on a loaded two-core CI machine
// that state can take seconds to draw (lazy page modules are transformed on first use), so the
// waits may last up to 10 s — a passing state still ends the wait at once.
configure({ asyncUtilTimeout: 10_000 });

const NPROGRESS_SETTLE_LIMIT_MS = 2000;

// nprogress removes its bar on timers (§2's progress indicator): let them run out while the test
// document still exists, or they fire after the environment is gone ("document is not defined").
// Without its animation and trickle there are no timers left running once the bar is gone (a CI
// rehearsal saw the removal fire after a file's 2 s wait).
NProgress.configure({ speed: 0, trickle: false });
afterAll(async () => {
  // Tests of server code run without a document.
  if (typeof document === 'undefined') return;
  const deadline = Date.now() + NPROGRESS_SETTLE_LIMIT_MS;
  while (document.getElementById('nprogress') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
});

// Rich text is sanitised by DOMPurify, which does not run on happy-dom (these tests' DOM): on a
// jsdom window of its own, as the server rendering does. Tests of server code set their own.
if (typeof window !== 'undefined') setSanitizingWindow(new JSDOM('').window);
