import { DEFERRED_SCRIPTS_ELEMENT_ID, type DeferredScripts } from '@portal/contracts';
import { describe, expect, it, vi } from 'vitest';

describe('boot: a server-drawn page asks for its scripts after its first paint', () => {
  it('preloads the modules and adds the entry once a frame has painted, not before', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    document.body.innerHTML = `<script type="application/json" id="${DEFERRED_SCRIPTS_ELEMENT_ID}">${JSON.stringify(
      {
        entry: '/assets/index-a.js',
        preload: ['/assets/platform-b.js', '/assets/page-c.js'],
        run: ['/assets/platform-b.js', '/assets/page-c.js'],
      } satisfies DeferredScripts,
    )}</script>`;
    const { DEFERRED_SCRIPTS_ID } = await import('./boot');
    expect(DEFERRED_SCRIPTS_ID).toBe(DEFERRED_SCRIPTS_ELEMENT_ID);
    const added = () => [
      ...[...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) =>
        l.getAttribute('href'),
      ),
      ...[...document.head.querySelectorAll('script[type=module]')].map((s) =>
        s.getAttribute('src'),
      ),
    ];
    expect(added()).toEqual([]);
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    // The test document cannot run modules: the first import fails, and the entry is still added.
    await vi.waitFor(() => expect(added()).toHaveLength(3));
    expect(added()).toEqual(['/assets/platform-b.js', '/assets/page-c.js', '/assets/index-a.js']);
    vi.useRealTimers();
  });
});
