import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * What each journey took, in seconds, in two streams on a loaded two-core machine (2026-11-27):
 * only their ratios count. A journey not listed counts as UNLISTED_SECONDS.
 */
const JOURNEY_SECONDS: Record<string, number> = {
  'reminders.test.ts': 221,
  'other-engines.test.ts': 198,
  'online-exam-faults.test.ts': 193,
  'two-instances.test.ts': 176,
  'flow-preview.test.ts': 137,
  'desktop-personal-centre.test.ts': 130,
  'desktop-journeys.test.ts': 123,
  'elder-mode.test.ts': 110,
  'apply-pay-ticket.test.ts': 99,
  'account-erasure.test.ts': 81,
  'account.test.ts': 77,
  'browse-and-sign-in.test.ts': 71,
  'follow-history-question-message.test.ts': 71,
  'keyboard-only.test.ts': 70,
  'withdraw-and-change.test.ts': 69,
  'dead-ends.test.ts': 65,
  'narrow-and-zoomed.test.ts': 65,
  'fair-exams.test.ts': 64,
  'desktop-content.test.ts': 63,
  'waiting-line.test.ts': 47,
  'practice-exam.test.ts': 39,
  'receipts.test.ts': 37,
  'scores-and-review.test.ts': 32,
  'first-load.test.ts': 26,
  'payment-channels.test.ts': 26,
  'server-drawn.test.ts': 25,
  'screen-reader-only.test.ts': 24,
  'online-exam.test.ts': 23,
  'calendar-dates.test.ts': 23,
  'privacy-rights.test.ts': 22,
  'guardian-consent.test.ts': 21,
  'draft-across-devices.test.ts': 22,
  'wechat-sign-in.test.ts': 21,
  'refund.test.ts': 18,
  'support-floor.test.ts': 18,
  'sessions-end.test.ts': 15,
  'sign-in.test.ts': 9,
  'foundation.test.ts': 9,
  'personal-data.test.ts': 7,
};
const UNLISTED_SECONDS = 40;

const secondsOf = (spec: TestSpecification) =>
  JOURNEY_SECONDS[path.basename(spec.moduleId)] ?? UNLISTED_SECONDS;

/** The longest first; equal ones by path, so that every stream orders them alike. */
const longestFirst = (a: TestSpecification, b: TestSpecification) =>
  secondsOf(b) - secondsOf(a) || a.moduleId.localeCompare(b.moduleId);

/**
 * The journeys' streams (scripts/journeys.mjs) are vitest shards. Vitest shards by count; these
 * differ fortyfold in length, so a shard here is balanced by time instead: each journey, the
 * longest first, goes to the stream with the least so far. Each stream runs its longest first.
 */
export default class JourneySequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const loads = Array.from({ length: count }, () => 0);
    const mine: TestSpecification[] = [];
    for (const spec of [...files].sort(longestFirst)) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest]! += secondsOf(spec);
      if (lightest === index - 1) mine.push(spec);
    }
    return mine;
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort(longestFirst);
  }
}
