import {
  cooperateApply,
  MAX_ID,
  MAX_REVISION,
  getAttemptPaper,
  getExamine,
  getUserProject,
  reportLeave,
  saveAnswers,
  startAttempt,
  submitAnswer,
  type ExamAnswer,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cooperationApplications,
  examAttempts,
  examQuestions,
  examSubmissions,
  projects,
} from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { SUBMIT_GRACE_MS, submitExpiredAttempts } from '../../domain/exams/exams.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';
import { passCaptcha } from '../exam-message/sms-test-kit.js';

const MINUTE = 60_000;

/** A test app whose server clock the test moves. */
async function examApp() {
  const clock = { now: Date.now() };
  const t = await createTestApp({ now: () => new Date(clock.now) });
  const applyIdOf = async (title: string) =>
    (await applicationOf(t.db, t.demoUserId, await projectIdOf(t.db, title)))!.id;
  return {
    t,
    clock,
    paidApplyId: await applyIdOf(SEED_PROJECTS.paidExam),
    shortApplyId: await applyIdOf(SEED_PROJECTS.shortExam),
  };
}

/** The right option keys (or accepted text) of each question of a paper. */
async function rightAnswers(t: TestApp, questionIds: number[]): Promise<ExamAnswer[]> {
  const rows = await t.db.select().from(examQuestions);
  return questionIds.map((id) => ({
    QuestionId: id,
    Choices: rows
      .find((r) => r.id === id)!
      .answer.slice(0, rows.find((r) => r.id === id)!.type === 'blank' ? 1 : undefined),
  }));
}

describe('ProjectOnLineExamine: the attempt lives on the server', () => {
  let t: TestApp;
  let clock: { now: number };
  let paidApplyId: number;
  let other: number;
  beforeAll(async () => {
    ({ t, clock, paidApplyId } = await examApp());
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());
  const as = () => ({ as: t.demoUserId });

  it('GetExamine answers the facts, the server time and no attempt, and never a question', async () => {
    const res = await t.call(getExamine, { ApplyId: paidApplyId }, as());
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      ApplyId: paidApplyId,
      Submitted: false,
      Score: null,
      TotalScore: 100,
      DurationSeconds: 3600,
      Attempt: null,
      ServerTime: new Date(clock.now).toISOString(),
    });
    expect(res.body.Data.QuestionCount).toBeGreaterThan(3);
    expect(JSON.stringify(res.body)).not.toMatch(/"Questions"|"answer"|"Answer"/);
  });

  it('serves the paper only for a started attempt', async () => {
    const res = await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as());
    expect(res.status).toBe(409);
    expect(res.body.ErrMsg).toBe('请先开始答题');
    const save = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: 1, Answers: [] },
      as(),
    );
    expect(save.status).toBe(409);
  });

  it('refuses before the exam starts, saying when it does', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const later = new Date(clock.now + 3 * 24 * 3600_000);
    await t.db.update(projects).set({ examStartAt: later }).where(eq(projects.id, projectId));
    try {
      for (const res of [
        await t.call(getExamine, { ApplyId: paidApplyId }, as()),
        await t.call(startAttempt, { ApplyId: paidApplyId }, as()),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.ErrMsg).toMatch(
          /^考试尚未开始，开考时间为\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）$/,
        );
      }
    } finally {
      await t.db
        .update(projects)
        .set({ examStartAt: project!.examStartAt })
        .where(eq(projects.id, projectId));
    }
  });

  it('refuses: no token, another user, not paid yet, no online exam', async () => {
    expect((await t.call(startAttempt, { ApplyId: paidApplyId })).status).toBe(401);
    expect((await t.call(startAttempt, { ApplyId: paidApplyId }, { as: other })).status).toBe(404);
    const unpaid = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid),
    );
    const noExam = await t.call(getExamine, { ApplyId: unpaid!.id }, as());
    expect(noExam.status).toBe(409);
    expect(noExam.body.ErrMsg).toBe('该项目没有在线考试');
    const theirs = await applicationOf(
      t.db,
      other,
      await projectIdOf(t.db, SEED_PROJECTS.submitted),
    );
    expect((await t.call(getExamine, { ApplyId: theirs!.id }, { as: other })).status).toBe(409);
  });

  it('starts with the server time; starting again resumes the same attempt and order', async () => {
    const started = await t.call(startAttempt, { ApplyId: paidApplyId }, as());
    expect(started.status).toBe(200);
    expect(started.body.Data).toMatchObject({
      StartedAt: new Date(clock.now).toISOString(),
      Deadline: new Date(clock.now + 60 * MINUTE).toISOString(),
      Revision: 0,
      Answers: [],
      LeaveCount: 0,
      SubmittedAt: null,
    });
    const paper = await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as());
    expect(paper.status).toBe(200);
    expect(JSON.stringify(paper.body)).not.toMatch(/"answer"|"Answer"/);
    clock.now += 5 * MINUTE;
    // Another device, five minutes later: the same attempt, deadline and order.
    const again = await t.call(startAttempt, { ApplyId: paidApplyId }, as());
    expect(again.body.Data.StartedAt).toBe(started.body.Data.StartedAt);
    expect(again.body.Data.Deadline).toBe(started.body.Data.Deadline);
    const resumed = await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as());
    expect(resumed.body.Data.Questions).toEqual(paper.body.Data.Questions);
  });

  it('counts down on the server clock only: a device 10 minutes wrong changes nothing', async () => {
    // The browser sends no time; a skewed Date header (a device clock 10 minutes fast) is ignored.
    const skewed = new Date(clock.now + 10 * MINUTE).toUTCString();
    const res = await t.call(
      getExamine,
      { ApplyId: paidApplyId },
      { ...as(), headers: { date: skewed } },
    );
    const attempt = res.body.Data.Attempt!;
    expect(attempt.ServerTime).toBe(new Date(clock.now).toISOString());
    // Started 5 minutes ago on the server's clock: 55 minutes left, whatever the device says.
    expect(Date.parse(attempt.Deadline) - Date.parse(attempt.ServerTime)).toBe(55 * MINUTE);
  });

  it('keeps the newest save: a late, older revision never overwrites it', async () => {
    const paper = (await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as())).body.Data;
    const [q1, q2] = paper.Questions;
    const newer = [
      { QuestionId: q1!.QuestionId, Choices: [q1!.Options[0]!.Key] },
      { QuestionId: q2!.QuestionId, Choices: [q2!.Options[1]!.Key] },
    ];
    const saved = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: 5, Answers: newer, Flagged: [q2!.QuestionId] },
      as(),
    );
    expect(saved.body.Data).toMatchObject({
      Revision: 5,
      Answers: newer,
      Flagged: [q2!.QuestionId],
    });
    const older = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: 4, Answers: [] },
      as(),
    );
    expect(older.status).toBe(200);
    expect(older.body.Data).toMatchObject({ Revision: 5, Answers: newer });
    const resumed = await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as());
    expect(resumed.body.Data.Attempt).toMatchObject({ Revision: 5, Answers: newer });
  });

  it('a save by the owner of the attempt is stored by one UPDATE; anyone else still gets 404', async () => {
    const paper = (await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as())).body.Data;
    const [q1] = paper.Questions;
    const answer = [{ QuestionId: q1!.QuestionId, Choices: [q1!.Options[0]!.Key] }];
    const revision = paper.Attempt.Revision;
    // The first save keeps the attempt's context in the process; the next ones use it.
    for (const step of [1, 2])
      expect(
        (
          await t.call(
            saveAnswers,
            { ApplyId: paidApplyId, Revision: revision + step, Answers: answer },
            as(),
          )
        ).body.Data,
      ).toMatchObject({ Revision: revision + step, Answers: answer });
    const theirs = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: revision + 10, Answers: [] },
      { as: other },
    );
    expect(theirs.status).toBe(404);
    const badAnswer = await t.call(
      saveAnswers,
      {
        ApplyId: paidApplyId,
        Revision: revision + 11,
        Answers: [{ QuestionId: q1!.QuestionId, Choices: ['nope'] }],
      },
      as(),
    );
    expect(badAnswer.status).toBe(400);
    const stored = await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as());
    expect(stored.body.Data.Attempt).toMatchObject({ Revision: revision + 2, Answers: answer });
  });

  it('refuses answers outside the paper with 400', async () => {
    const res = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: 9, Answers: [{ QuestionId: 999999, Choices: ['A'] }] },
      as(),
    );
    expect(res.status).toBe(400);
    expect(res.body.Data).toEqual({ FieldErrors: { 'Answers.0.QuestionId': '题目不属于本试卷' } });
  });

  it('30 concurrent submissions score once, and every one answers the same result', async () => {
    const paper = (await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as())).body.Data;
    const answers = await rightAnswers(
      t,
      paper.Questions.map((q) => q.QuestionId),
    );
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call(
          submitAnswer,
          { ApplyId: paidApplyId, Revision: 10 + i, Answers: i === 0 ? answers : answers.slice(1) },
          as(),
        ),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(200));
    const results = new Set(
      responses.map((r) => JSON.stringify([r.body.Data.Score, r.body.Data.Attempt.SubmittedAt])),
    );
    expect(results.size).toBe(1);
    const rows = await t.db
      .select()
      .from(examSubmissions)
      .where(eq(examSubmissions.applicationId, paidApplyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.score).toBe(responses[0]!.body.Data.Score);
    const later = await t.call(submitAnswer, { ApplyId: paidApplyId }, as());
    expect(later.body.Data.Score).toBe(responses[0]!.body.Data.Score);
    // The application's score waits for the organiser to publish it (issue 30, point 18).
    const finished = await t.call(getUserProject, { Status: 'Finished' }, as());
    expect(finished.body.Data.Items.find((a) => a.ApplyId === paidApplyId)?.ExamScore).toBeNull();
    await t.db
      .update(projects)
      .set({ scoresPublishAt: new Date(clock.now) })
      .where(eq(projects.title, SEED_PROJECTS.paidExam));
    const published = await t.call(getUserProject, { Status: 'Finished' }, as());
    expect(published.body.Data.Items.find((a) => a.ApplyId === paidApplyId)?.ExamScore).toBe(
      rows[0]!.score,
    );
  });

  it('after submission: saves change nothing, and the paper shows which answers were right', async () => {
    const before = (await t.call(getExamine, { ApplyId: paidApplyId }, as())).body.Data;
    expect(before).toMatchObject({ Submitted: true, Attempt: { SubmittedBy: 'candidate' } });
    const save = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: 999, Answers: [] },
      as(),
    );
    expect(save.body.Data.Revision).toBe(before.Attempt!.Revision);
    const paper = (await t.call(getAttemptPaper, { ApplyId: paidApplyId }, as())).body.Data;
    expect(paper.Review).toHaveLength(paper.Questions.length);
    const earned = paper.Review!.reduce((sum, r) => sum + r.Earned, 0);
    expect(earned).toBe(before.Score);
  });
});

describe('ProjectOnLineExamine: the deadline', () => {
  let t: TestApp;
  let clock: { now: number };
  let paidApplyId: number;
  let shortApplyId: number;
  beforeAll(async () => {
    ({ t, clock, paidApplyId, shortApplyId } = await examApp());
  });
  afterAll(() => t.close());
  const as = () => ({ as: t.demoUserId });

  it('is the exam window end when that comes before start + duration', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    const end = new Date(clock.now + 10 * MINUTE);
    await t.db.update(projects).set({ examEndAt: end }).where(eq(projects.id, projectId));
    const res = await t.call(startAttempt, { ApplyId: paidApplyId }, as());
    expect(res.body.Data.Deadline).toBe(end.toISOString());
  });

  it('submits on the next access after the deadline, with the answers saved before it', async () => {
    const started = (await t.call(startAttempt, { ApplyId: shortApplyId }, as())).body.Data;
    expect(Date.parse(started.Deadline) - Date.parse(started.StartedAt)).toBe(60_000);
    const paper = (await t.call(getAttemptPaper, { ApplyId: shortApplyId }, as())).body.Data;
    const rights = await rightAnswers(
      t,
      paper.Questions.map((q) => q.QuestionId),
    );
    const blank = paper.Questions.find((q) => q.Type === 'blank')!;
    const multiple = paper.Questions.find((q) => q.Type === 'multiple')!;
    const multipleRight = rights.find((a) => a.QuestionId === multiple.QuestionId)!.Choices;
    clock.now += 30_000;
    await t.call(
      saveAnswers,
      {
        ApplyId: shortApplyId,
        Revision: 1,
        Answers: [
          // Full-width digits with spaces: folded and trimmed, so it scores.
          { QuestionId: blank.QuestionId, Choices: [' １１９ '] },
          // A right subset of a multiple choice: half, as this paper says (PartialHalf).
          { QuestionId: multiple.QuestionId, Choices: multipleRight.slice(0, 1) },
        ],
      },
      as(),
    );
    clock.now = Date.parse(started.Deadline) + SUBMIT_GRACE_MS + 1;
    const late = await t.call(
      saveAnswers,
      { ApplyId: shortApplyId, Revision: 2, Answers: rights },
      as(),
    );
    expect(late.body.Data).toMatchObject({
      Revision: 1,
      SubmittedBy: 'deadline',
      SubmittedAt: started.Deadline,
    });
    expect(late.body.Data.Score).toBe(blank.Score + Math.floor(multiple.Score / 2));
    const summary = (await t.call(getExamine, { ApplyId: shortApplyId }, as())).body.Data;
    expect(summary).toMatchObject({ Submitted: true, Score: late.body.Data.Score });
  });

  it('counts a submission inside the grace after the deadline; the sweep submits the rest', async () => {
    const { t: u, clock: c, paidApplyId: a, shortApplyId: b } = await examApp();
    try {
      const first = (await u.call(startAttempt, { ApplyId: b }, { as: u.demoUserId })).body.Data;
      const paper = (await u.call(getAttemptPaper, { ApplyId: b }, { as: u.demoUserId })).body.Data;
      const rights = await rightAnswers(
        u,
        paper.Questions.map((q) => q.QuestionId),
      );
      c.now = Date.parse(first.Deadline) + SUBMIT_GRACE_MS - 1000;
      const inGrace = await u.call(
        submitAnswer,
        { ApplyId: b, Revision: 1, Answers: rights },
        { as: u.demoUserId },
      );
      expect(inGrace.body.Data.Score).toBe(paper.TotalScore);

      const second = (await u.call(startAttempt, { ApplyId: a }, { as: u.demoUserId })).body.Data;
      c.now = Date.parse(second.Deadline) + SUBMIT_GRACE_MS - 1;
      expect(await submitExpiredAttempts(u.db, new Date(c.now))).toBe(0);
      c.now += 2;
      expect(await submitExpiredAttempts(u.db, new Date(c.now))).toBe(1);
      const [row] = await u.db.select().from(examAttempts).where(eq(examAttempts.applicationId, a));
      expect(row).toMatchObject({ submittedBy: 'deadline', score: 0 });
      expect(row!.submittedAt?.toISOString()).toBe(second.Deadline);
    } finally {
      await u.close();
    }
  });

  it('a submission after the grace scores only what was saved in time', async () => {
    const { t: u, clock: c, shortApplyId: b } = await examApp();
    try {
      const started = (await u.call(startAttempt, { ApplyId: b }, { as: u.demoUserId })).body.Data;
      const paper = (await u.call(getAttemptPaper, { ApplyId: b }, { as: u.demoUserId })).body.Data;
      const rights = await rightAnswers(
        u,
        paper.Questions.map((q) => q.QuestionId),
      );
      await u.call(
        saveAnswers,
        { ApplyId: b, Revision: 1, Answers: rights.slice(0, 1) },
        { as: u.demoUserId },
      );
      c.now = Date.parse(started.Deadline) + SUBMIT_GRACE_MS + 5000;
      const late = await u.call(
        submitAnswer,
        { ApplyId: b, Revision: 2, Answers: rights },
        { as: u.demoUserId },
      );
      expect(late.status).toBe(200);
      expect(late.body.Data.Score).toBe(
        paper.Questions.find((q) => q.QuestionId === rights[0]!.QuestionId)!.Score,
      );
      expect(late.body.Data.Attempt.SubmittedBy).toBe('deadline');
    } finally {
      await u.close();
    }
  });

  it('past the paper leave limit, counted absences submit the attempt', async () => {
    const { t: u, clock: c, shortApplyId: b } = await examApp();
    try {
      await u.call(startAttempt, { ApplyId: b }, { as: u.demoUserId });
      let last;
      for (let i = 0; i < 4; i++) {
        await u.call(reportLeave, { ApplyId: b, Event: 'Hidden' }, { as: u.demoUserId });
        c.now += 6000;
        last = await u.call(reportLeave, { ApplyId: b, Event: 'Back' }, { as: u.demoUserId });
      }
      expect(last!.body.Data).toMatchObject({
        LeaveCount: 4,
        LeaveLimit: 3,
        SubmittedBy: 'leaveLimit',
      });
      expect(last!.body.Data.SubmittedAt).not.toBeNull();
    } finally {
      await u.close();
    }
  });
});

describe('Temporary/CooperateApply', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records a request from anyone', async () => {
    const res = await t.call(cooperateApply, {
      CompanyName: '江苏省人事考试院',
      ContactName: '陈老师',
      Mobile: '13812345678',
      Email: 'chen@example.com',
      Remark: '希望了解在线考试功能',
      EquityId: 2,
      CaptchaToken: await passCaptcha(t),
    });
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(cooperationApplications)
      .where(eq(cooperationApplications.id, res.body.Data.CooperateId));
    expect(row).toMatchObject({ companyName: '江苏省人事考试院', userId: null });
  });

  it('refuses a bad mobile or an unknown package with 400', async () => {
    const bad = await t.call(cooperateApply, {
      CompanyName: '某单位',
      ContactName: '王',
      Mobile: '123',
      CaptchaToken: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Data).toEqual({ FieldErrors: { Mobile: '请填写正确的11位手机号码' } });
    const unknown = await t.call(cooperateApply, {
      CompanyName: '某单位',
      ContactName: '王',
      Mobile: '13812345678',
      EquityId: 999,
      CaptchaToken: await passCaptcha(t),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ErrMsg).toBe('所选权益套餐不存在');
  });

  it('refuses an oversized e-mail address at once, before anything reads it', async () => {
    // It took the old pattern seconds per 60 KB (×4 per doubling): this one would never end.
    const res = await t.call(cooperateApply, {
      CompanyName: '某单位',
      ContactName: '王',
      Mobile: '13812345678',
      Email: `x@${'.'.repeat(1_000_000)}@`,
      CaptchaToken: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body.Data).toEqual({
      FieldErrors: { Email: '邮箱格式不正确，例如 name@example.com' },
    });
  });

  it('needs a passed human check, each good for one request', async () => {
    const rows = async () => (await t.db.select().from(cooperationApplications)).length;
    const before = await rows();
    const request = { CompanyName: '某单位', ContactName: '王', Mobile: '13812345678' };
    const missing = await t.call(cooperateApply, request);
    expect(missing.status).toBe(400);
    expect(missing.body.Data).toEqual({ FieldErrors: { CaptchaToken: '请先完成安全验证' } });
    const madeUp = await t.call(cooperateApply, { ...request, CaptchaToken: 'made-up' });
    expect(madeUp.status).toBe(419);
    const token = await passCaptcha(t);
    expect((await t.call(cooperateApply, { ...request, CaptchaToken: token })).status).toBe(200);
    expect((await t.call(cooperateApply, { ...request, CaptchaToken: token })).status).toBe(419);
    expect(await rows()).toBe(before + 1);
  });
});

describe('ProjectOnLineExamine: a revision fits its column', () => {
  let t: TestApp;
  let paidApplyId: number;
  beforeAll(async () => {
    ({ t, paidApplyId } = await examApp());
  });
  afterAll(() => t.close());

  it('refuses a revision past the column with 400, and the last one still submits', async () => {
    const as = { as: t.demoUserId };
    expect((await t.call(startAttempt, { ApplyId: paidApplyId }, as)).status).toBe(200);
    for (const Revision of [2 ** 31, MAX_ID]) {
      const res = await t.call(saveAnswers, { ApplyId: paidApplyId, Revision, Answers: [] }, as);
      expect(res.status).toBe(400);
      expect(res.body.ErrMsg).toContain('Revision');
    }
    const saved = await t.call(
      saveAnswers,
      { ApplyId: paidApplyId, Revision: MAX_REVISION, Answers: [] },
      as,
    );
    expect(saved.status).toBe(200);
    // A submit without a Revision may store one past the last save: it must still fit.
    const submitted = await t.call(submitAnswer, { ApplyId: paidApplyId }, as);
    expect(submitted.status).toBe(200);
    expect(submitted.body.Data.Attempt.SubmittedAt).not.toBeNull();
  });
});
