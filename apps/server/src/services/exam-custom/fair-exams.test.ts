import {
  getAttemptPaper,
  getExamine,
  reportLeave,
  startAttempt,
  submitAnswer,
  type LeaveEvent,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examPapers, projects } from '../../db/schema/index.js';
import { ACCOMMODATED_MOBILE, SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';

const MINUTE = 60_000;

/** A test app whose server clock the test moves, and the demo candidate's paid exam started. */
async function startedExam() {
  const clock = { now: Date.now() };
  const t = await createTestApp({ now: () => new Date(clock.now) });
  const applyId = (await applicationOf(
    t.db,
    t.demoUserId,
    await projectIdOf(t.db, SEED_PROJECTS.paidExam),
  ))!.id;
  await t.call(startAttempt, { ApplyId: applyId }, { as: t.demoUserId });
  const report = async (Event: LeaveEvent) => {
    const res = await t.call(reportLeave, { ApplyId: applyId, Event }, { as: t.demoUserId });
    expect(res.status).toBe(200);
    return res.body.Data;
  };
  /** The page hidden for `ms` on the server's clock, then back. */
  const away = async (ms: number) => {
    await report('Hidden');
    clock.now += ms;
    return report('Back');
  };
  return { t, clock, applyId, report, away };
}

describe('ReportLeave: the server judges an absence by its own clock', () => {
  let exam: Awaited<ReturnType<typeof startedExam>>;
  beforeAll(async () => {
    exam = await startedExam();
  });
  afterAll(() => exam.t.close());

  it('an absence of 3 seconds is logged but not counted; one of 10 seconds is counted', async () => {
    const short = await exam.away(3000);
    expect(short.LeaveCount).toBe(0);
    expect(short.LeaveThresholdSeconds).toBe(5);
    expect(short.Leaves).toEqual([expect.objectContaining({ Seconds: 3, Counted: false })]);
    const long = await exam.away(10_000);
    expect(long.LeaveCount).toBe(1);
    expect(long.Leaves.map((l) => [l.Seconds, l.Counted])).toEqual([
      [3, false],
      [10, true],
    ]);
    // The times are the server's: the Back of the long absence is the server's now.
    expect(long.Leaves[1]!.BackAt).toBe(new Date(exam.clock.now).toISOString());
    expect(Date.parse(long.Leaves[1]!.BackAt) - Date.parse(long.Leaves[1]!.HiddenAt)).toBe(10_000);
  });

  it('exactly the threshold is not counted; a moment past it is', async () => {
    expect((await exam.away(5000)).LeaveCount).toBe(1);
    expect((await exam.away(5001)).LeaveCount).toBe(2);
  });

  it('a Back without a Hidden, or a second Back, changes nothing', async () => {
    const before = await exam.report('Back');
    exam.clock.now += 60_000;
    const after = await exam.report('Back');
    expect(after.Leaves).toEqual(before.Leaves);
    expect(after.LeaveCount).toBe(before.LeaveCount);
  });

  it('a reload (the closing page says Hidden, the reopened page Back a second later) is not counted', async () => {
    const before = await exam.report('Back');
    await exam.report('Hidden');
    exam.clock.now += 1200;
    // The reopened page resumes the attempt and reports Back.
    await exam.t.call(startAttempt, { ApplyId: exam.applyId }, { as: exam.t.demoUserId });
    const after = await exam.report('Back');
    expect(after.LeaveCount).toBe(before.LeaveCount);
    expect(after.Leaves.at(-1)).toMatchObject({ Seconds: 2, Counted: false });
  });

  it('a late Hidden of a closed page, after the reopened page came back, is replaced by the next absence', async () => {
    const before = await exam.report('Back');
    // The old page's Hidden arrives late; the candidate answers for ten minutes.
    await exam.report('Hidden');
    exam.clock.now += 10 * MINUTE;
    // Then a 2-second notification: only those 2 seconds are judged.
    const after = await exam.away(2000);
    expect(after.LeaveCount).toBe(before.LeaveCount);
    expect(after.Leaves.at(-1)).toMatchObject({ Seconds: 2, Counted: false });
  });

  it('the summary and the paper carry the threshold and the log', async () => {
    const summary = await exam.t.call(
      getExamine,
      { ApplyId: exam.applyId },
      { as: exam.t.demoUserId },
    );
    expect(summary.body.Data.LeaveThresholdSeconds).toBe(5);
    const paper = await exam.t.call(
      getAttemptPaper,
      { ApplyId: exam.applyId },
      { as: exam.t.demoUserId },
    );
    expect(paper.body.Data.Attempt.Leaves.filter((l) => l.Counted)).toHaveLength(
      paper.body.Data.Attempt.LeaveCount,
    );
  });

  it('after submission a report changes nothing', async () => {
    await exam.t.call(submitAnswer, { ApplyId: exam.applyId }, { as: exam.t.demoUserId });
    const before = await exam.report('Back');
    const after = await exam.away(60_000);
    expect(after.LeaveCount).toBe(before.LeaveCount);
    expect(after.Leaves).toEqual(before.Leaves);
  });
});

describe("ReportLeave: the paper's own threshold and leave limit", () => {
  it('a paper with a 20-second threshold does not count 10 seconds; the limit counts only counted absences', async () => {
    const exam = await startedExam();
    try {
      await exam.t.db
        .update(examPapers)
        .set({ leaveThresholdSeconds: 20, leaveLimit: 1 })
        .where(
          eq(
            examPapers.projectId,
            (
              await exam.t.db
                .select({ id: projects.id })
                .from(projects)
                .where(eq(projects.title, SEED_PROJECTS.paidExam))
            )[0]!.id,
          ),
        );
      for (let i = 0; i < 5; i++) expect((await exam.away(10_000)).SubmittedAt).toBeNull();
      expect((await exam.away(21_000)).LeaveCount).toBe(1);
      const over = await exam.away(21_000);
      expect(over).toMatchObject({ LeaveCount: 2, LeaveLimit: 1, SubmittedBy: 'leaveLimit' });
    } finally {
      await exam.t.close();
    }
  });
});

describe('accommodations (合理便利): extra time approved per candidate and paper', () => {
  let t: TestApp;
  let clock: { now: number };
  let candidate: number;
  let applyId: number;
  beforeAll(async () => {
    clock = { now: Date.now() };
    t = await createTestApp({ now: () => new Date(clock.now) });
    candidate = await userIdOf(t.db, ACCOMMODATED_MOBILE);
    applyId = (await applicationOf(
      t.db,
      candidate,
      await projectIdOf(t.db, SEED_PROJECTS.paidExam),
    ))!.id;
  });
  afterAll(() => t.close());

  it('the intro names the extra time and the allowed time; others have none', async () => {
    const summary = (await t.call(getExamine, { ApplyId: applyId }, { as: candidate })).body.Data;
    expect(summary).toMatchObject({
      DurationSeconds: 3600,
      ExtraTimePercent: 30,
      AllowedSeconds: 78 * 60,
    });
    const own = (await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.paidExam),
    ))!.id;
    const other = (await t.call(getExamine, { ApplyId: own }, { as: t.demoUserId })).body.Data;
    expect(other).toMatchObject({
      DurationSeconds: 3600,
      ExtraTimePercent: 0,
      AllowedSeconds: 3600,
    });
  });

  it("the server's deadline is start + duration × 1.3", async () => {
    const started = (await t.call(startAttempt, { ApplyId: applyId }, { as: candidate })).body.Data;
    expect(started.StartedAt).toBe(new Date(clock.now).toISOString());
    expect(Date.parse(started.Deadline) - Date.parse(started.StartedAt)).toBe(78 * MINUTE);
  });

  it("the extra time never runs past the exam window's end", async () => {
    const u = await createTestApp({ now: () => new Date(clock.now) });
    try {
      const who = await userIdOf(u.db, ACCOMMODATED_MOBILE);
      const projectId = await projectIdOf(u.db, SEED_PROJECTS.paidExam);
      const endsAt = new Date(clock.now + 70 * MINUTE);
      await u.db.update(projects).set({ examEndAt: endsAt }).where(eq(projects.id, projectId));
      const id = (await applicationOf(u.db, who, projectId))!.id;
      const started = (await u.call(startAttempt, { ApplyId: id }, { as: who })).body.Data;
      expect(started.Deadline).toBe(endsAt.toISOString());
    } finally {
      await u.close();
    }
  });
});
