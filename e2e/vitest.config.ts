import { defineConfig } from 'vitest/config';
import JourneySequencer from './support/journey-sequencer.js';

export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/on-failure.ts'],
    // A failed journey test runs once more before it fails the run, as Playwright's own runner does
    // on CI. Most journeys change what they test (an attempt started, an account signed up), so a
    // second run mostly fails at its first step; the report of the first failure is the one to read.
    retry: 1,
    // Within a stream one real server and one Chromium at a time (scripts/journeys.mjs runs two
    // streams, a shard each, on the machine's two cores).
    fileParallelism: false,
    sequence: { sequencer: JourneySequencer },
    testTimeout: 90_000,
    // What a page shows after an action may wait on a request and a render: on a loaded two-core
    // machine that can take seconds (the default of one second failed CI once).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
