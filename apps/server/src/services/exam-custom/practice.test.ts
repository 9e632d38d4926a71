import {
  getExamine,
  getPractice,
  getPracticePaper,
  savePractice,
  startAttempt,
  startPractice,
  submitPractice,
  type ExamAnswer,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  examAttempts,
  examPracticeAttempts,
  examSubmissions,
  projects,
} from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { PRACTICE_QUESTIONS, PRACTICE_SECONDS } from '../../domain/exams/practice.js';
import { submitExpiredAttempts } from '../../domain/exams/exams.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';

const rightAnswers: ExamAnswer[] = PRACTICE_QUESTIONS.map((q) => ({
  QuestionId: q.id,
  Choices: q.answer,
}));

describe('ProjectOnLineExamine practice: the same engine, never scored', () => {
  let t: TestApp;
  const clock = { now: Date.now() };
  let applyId: number;
  let projectId: number;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock.now) });
    projectId = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    applyId = (await applicationOf(t.db, t.demoUserId, projectId))!.id;
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());
  const as = () => ({ as: t.demoUserId });

  const realState = async () => ({
    attempts: await t.db.select().from(examAttempts).where(eq(examAttempts.applicationId, applyId)),
    submissions: await t.db
      .select()
      .from(examSubmissions)
      .where(eq(examSubmissions.applicationId, applyId)),
    application: (await t.db.select().from(applications).where(eq(applications.id, applyId)))[0]!,
  });

  it('opens before the exam window, runs start → save → submit, and scores nothing', async () => {
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const before = await realState();
    await t.db
      .update(projects)
      .set({ examStartAt: new Date(clock.now + 3 * 24 * 3600_000) })
      .where(eq(projects.id, projectId));
    try {
      // The real exam is not open yet; practice is.
      expect((await t.call(getExamine, { ApplyId: applyId }, as())).status).toBe(409);
      const summary = await t.call(getPractice, { ApplyId: applyId }, as());
      expect(summary.status).toBe(200);
      expect(summary.body.Data).toMatchObject({
        ApplyId: applyId,
        QuestionCount: PRACTICE_QUESTIONS.length,
        TotalScore: 0,
        AllowedSeconds: PRACTICE_SECONDS,
        Attempt: null,
        Submitted: false,
        Score: null,
      });

      const paperBefore = await t.call(getPracticePaper, { ApplyId: applyId }, as());
      expect(paperBefore.status).toBe(409);
      expect(paperBefore.body.ErrMsg).toBe('请先开始练习');

      const started = await t.call(startPractice, { ApplyId: applyId }, as());
      expect(started.status).toBe(200);
      expect(started.body.Data.StartedAt).toBe(new Date(clock.now).toISOString());
      expect(Date.parse(started.body.Data.Deadline) - clock.now).toBe(PRACTICE_SECONDS * 1000);
      const again = await t.call(startPractice, { ApplyId: applyId }, as());
      expect(again.body.Data.StartedAt).toBe(started.body.Data.StartedAt);

      const paper = await t.call(getPracticePaper, { ApplyId: applyId }, as());
      expect(paper.status).toBe(200);
      expect(paper.body.Data.Questions.map((q) => q.QuestionId).sort()).toEqual([1, 2, 3, 4]);
      expect(JSON.stringify(paper.body)).not.toMatch(/"answer"/);

      const saved = await t.call(
        savePractice,
        { ApplyId: applyId, Revision: 1, Answers: rightAnswers.slice(0, 2) },
        as(),
      );
      expect(saved.status).toBe(200);
      expect(saved.body.Data.Revision).toBe(1);
      const stale = await t.call(
        savePractice,
        { ApplyId: applyId, Revision: 1, Answers: [] },
        as(),
      );
      expect(stale.body.Data.Answers).toHaveLength(2);
      const wrong = await t.call(
        savePractice,
        { ApplyId: applyId, Revision: 2, Answers: [{ QuestionId: 99, Choices: ['A'] }] },
        as(),
      );
      expect(wrong.status).toBe(400);

      clock.now += 60_000;
      const submitted = await t.call(
        submitPractice,
        { ApplyId: applyId, Revision: 2, Answers: rightAnswers },
        as(),
      );
      expect(submitted.status).toBe(200);
      expect(submitted.body.Data.Attempt).toMatchObject({
        SubmittedBy: 'candidate',
        Score: null,
        Revision: 2,
      });
      expect(JSON.stringify(submitted.body.Data)).not.toMatch(/"Score":\d/);
      // The real attempt, submission and application are as they were.
      expect(await realState()).toEqual(before);
    } finally {
      await t.db
        .update(projects)
        .set({ examStartAt: project!.examStartAt })
        .where(eq(projects.id, projectId));
    }
  });

  it('is repeatable: after a submission the next start is a new attempt', async () => {
    const summary = await t.call(getPractice, { ApplyId: applyId }, as());
    expect(summary.body.Data.Attempt).toBeNull();
    clock.now += 1000;
    const next = await t.call(startPractice, { ApplyId: applyId }, as());
    expect(next.status).toBe(200);
    expect(next.body.Data).toMatchObject({ Revision: 0, Answers: [], SubmittedAt: null });
    const rows = await t.db
      .select()
      .from(examPracticeAttempts)
      .where(eq(examPracticeAttempts.applicationId, applyId));
    expect(rows).toHaveLength(2);
  });

  it('ends an attempt whose time ran out, which the exam sweep never touches', async () => {
    clock.now += (PRACTICE_SECONDS + 60) * 1000;
    await submitExpiredAttempts(t.db, new Date(clock.now));
    expect((await realState()).submissions).toEqual([]);
    const late = await t.call(
      savePractice,
      { ApplyId: applyId, Revision: 1, Answers: rightAnswers },
      as(),
    );
    expect(late.body.Data).toMatchObject({ SubmittedBy: 'deadline', Revision: 0 });
    const summary = await t.call(getPractice, { ApplyId: applyId }, as());
    expect(summary.body.Data.Attempt).toBeNull();
  });

  it('is not open to anyone without the exam: no token, another user, not paid', async () => {
    expect((await t.call(startPractice, { ApplyId: applyId })).status).toBe(401);
    expect((await t.call(startPractice, { ApplyId: applyId }, { as: other })).status).toBe(404);
    expect((await t.call(getPractice, { ApplyId: applyId }, { as: other })).status).toBe(404);
    const theirs = await applicationOf(
      t.db,
      other,
      await projectIdOf(t.db, SEED_PROJECTS.submitted),
    );
    const unpaid = await t.call(startPractice, { ApplyId: theirs!.id }, { as: other });
    expect(unpaid.status).toBe(409);
    expect(
      (
        await t.db
          .select()
          .from(examPracticeAttempts)
          .where(eq(examPracticeAttempts.applicationId, theirs!.id))
      ).length,
    ).toBe(0);
  });

  it('closes once the real attempt is started, and leaves the real attempt alone', async () => {
    await t.call(startPractice, { ApplyId: applyId }, as());
    const real = await t.call(startAttempt, { ApplyId: applyId }, as());
    expect(real.status).toBe(200);
    for (const res of [
      await t.call(getPractice, { ApplyId: applyId }, as()),
      await t.call(startPractice, { ApplyId: applyId }, as()),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.ErrMsg).toBe('正式考试已开始，练习已关闭，请返回考试继续作答');
    }
    // Ending the open practice does not submit or change the real attempt.
    await t.call(submitPractice, { ApplyId: applyId }, as());
    const [attempt] = (await realState()).attempts;
    expect(attempt).toMatchObject({ submittedAt: null, revision: 0, score: null });
  });
});
