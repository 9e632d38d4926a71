import { DEFERRED_SCRIPTS_ELEMENT_ID, type DeferredScripts } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SCRIPTS: DeferredScripts = {
  entry: '/assets/index-a.js',
  preload: ['/assets/platform-b.js', '/assets/page-c.js'],
  run: ['/assets/platform-b.js', '/assets/page-c.js'],
};

/** A drawn page's deferred scripts, and boot.ts evaluated anew on it. */
async function bootDrawnPage() {
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="application/json" id="${DEFERRED_SCRIPTS_ELEMENT_ID}">${JSON.stringify(SCRIPTS)}</script>`;
  vi.resetModules();
  return import('./boot');
}

const added = () => [
  ...[...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) =>
    l.getAttribute('href'),
  ),
  ...[...document.head.querySelectorAll('script[type=module]')].map((s) => s.getAttribute('src')),
];

// The test document cannot run modules: the first import fails, and the entry is still added.
const ALL_ADDED = ['/assets/platform-b.js', '/assets/page-c.js', '/assets/index-a.js'];

/** A browser that reports paints: the observer's callback and the paint entries are the test's. */
function stubPaintTiming({ refuseToObserve = false } = {}) {
  const paints: string[] = [];
  const observers: (() => void)[] = [];
  class FakePerformanceObserver {
    static readonly supportedEntryTypes = ['paint'];
    constructor(callback: () => void) {
      observers.push(callback);
    }
    observe() {
      if (refuseToObserve) throw new TypeError('paint is not observable here');
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => paints.filter((p) => p === name).map(() => ({}) as PerformanceEntry) as never,
  );
  return {
    paint(name: string) {
      paints.push(name);
      for (const callback of observers) callback();
    },
  };
}

describe('boot: a server-drawn page asks for its scripts after its first paint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint, not for a frame that painted before the text', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    const timing = stubPaintTiming();
    const { DEFERRED_SCRIPTS_ID } = await bootDrawnPage();
    expect(DEFERRED_SCRIPTS_ID).toBe(DEFERRED_SCRIPTS_ELEMENT_ID);

    timing.paint('first-paint');
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(100);
    expect(added()).toEqual([]);

    timing.paint('first-contentful-paint');
    vi.runAllTimers();
    await vi.waitFor(() => expect(added()).toEqual(ALL_ADDED));
  });

  it('starts at once on a page whose contentful paint was reported before boot ran', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    stubPaintTiming().paint('first-contentful-paint');
    await bootDrawnPage();
    vi.advanceTimersByTime(0);
    await vi.waitFor(() => expect(added()).toEqual(ALL_ADDED));
  });

  it('starts anyway when no contentful paint is reported in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    stubPaintTiming();
    const { FIRST_PAINT_WAIT_MS } = await bootDrawnPage();
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runAllTimers();
    await vi.waitFor(() => expect(added()).toEqual(ALL_ADDED));
  });

  it('where observing paints is refused, waits for the end of the first frame', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    stubPaintTiming({ refuseToObserve: true });
    await bootDrawnPage();
    vi.advanceTimersByTime(0);
    expect(added()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(0);
    await vi.waitFor(() => expect(added()).toEqual(ALL_ADDED));
  });

  it('where paints are not reported, waits for the end of the first frame', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    await bootDrawnPage(); // this test environment's PerformanceObserver knows no 'paint' entries
    expect(PerformanceObserver.supportedEntryTypes).not.toContain('paint');
    vi.advanceTimersByTime(0);
    expect(added()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    await vi.waitFor(() => expect(added()).toEqual(ALL_ADDED));
  });
});
