import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // One real server and one Chromium at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 90_000,
    // A failed journey test runs once more before it fails the run, as Playwright's own runner does
    // on CI: some checks depend on where a screen happens to be scrolled (axe's target-size finds an
    // exam option half under the fixed 交卷 bar in one of six runs of fair-exams here), which is
    // not what the journey is about. A test that fails twice still fails the run.
    retry: 1,
    // What a page shows after an action may wait on a request and a render: on a loaded two-core
    // machine that can take seconds (the default of one second failed CI once).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
