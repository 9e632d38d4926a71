// The entry of a page the server has drawn (apps/server/src/host): its HTML and stylesheets paint
// it; the scripts that make it live are asked for after that first paint, so on a phone's narrow
// link they do not share the bandwidth with what paints. No imports but types: this chunk stays alone.
import type { DeferredScripts } from '@portal/contracts';

/** = DEFERRED_SCRIPTS_ELEMENT_ID of @portal/contracts (boot.test.ts checks). */
export const DEFERRED_SCRIPTS_ID = 'portal-deferred-scripts';

async function loadDeferredScripts(): Promise<void> {
  const text = document.getElementById(DEFERRED_SCRIPTS_ID)?.textContent;
  if (!text) return;
  const scripts = JSON.parse(text) as DeferredScripts;
  // One insertion into <head>: each one costs a pass over the whole drawn page on a slow phone.
  const elements = document.createDocumentFragment();
  for (const href of scripts.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    elements.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = scripts.entry;
  document.head.append(elements);
  // Fetched all at once; then run one per task, dependencies first, so that no single task holds
  // the phone for the whole graph.
  for (const href of scripts.run) {
    try {
      await import(/* @vite-ignore */ href);
    } catch {
      break; // The entry then meets the same failure, as it would have on its own.
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  document.head.append(script);
}

/** The longest wait for a paint: a page not painted by then (a background tab?) still starts. */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Calls `then` once the drawn page is on the screen: after its first contentful paint as the browser
 * reports it. The end of the first frame is not enough: a frame may paint before the page's text
 * (while a long page is still parsed), and its raster may still be under way on a phone's few cores.
 */
function afterFirstContentfulPaint(then: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(then, 0);
  };
  setTimeout(once, FIRST_PAINT_WAIT_MS);
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const reportsPaints =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (reportsPaints) {
    if (painted()) {
      once();
      return;
    }
    try {
      observer = new PerformanceObserver(() => {
        if (painted()) once();
      });
      observer.observe({ type: 'paint' });
      return;
    } catch {
      // Listed but refused: as where paints are not reported.
    }
  }
  // The frame's callback runs before its paint; the task it queues, after.
  requestAnimationFrame(once);
}

afterFirstContentfulPaint(() => void loadDeferredScripts());
