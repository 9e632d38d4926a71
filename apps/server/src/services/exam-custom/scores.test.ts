import { getScore, getUserProject, requestScoreReview } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, projects, scoreReviews, userMessages } from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';

const DAY = 24 * 3600_000;
const REASON = '客观题第12题答案应为B，请核对';

describe('ProjectScore: the published result and its 复核', () => {
  let t: TestApp;
  const clock = { now: Date.now() };
  let finishedProject: number;
  let applyId: number;
  let secondUser: number;
  const as = () => ({ as: t.demoUserId });
  const devPost = async (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload });

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock.now) });
    finishedProject = await projectIdOf(t.db, SEED_PROJECTS.finished);
    applyId = (await applicationOf(t.db, t.demoUserId, finishedProject))!.id;
    secondUser = await userIdOf(t.db, '13900139000');
  });
  afterAll(async () => {
    await t.close();
  });

  it('hides an unpublished score, saying when results are expected, and shows it once published', async () => {
    const expected = new Date(clock.now + 3600_000);
    await t.db
      .update(projects)
      .set({ scoresPublishAt: expected })
      .where(eq(projects.id, finishedProject));
    const before = await t.call(getScore, { ApplyId: applyId }, as());
    expect(before.status).toBe(200);
    expect(before.body.Data).toMatchObject({
      Published: false,
      ExpectedTime: expected.toISOString(),
      Score: null,
      PassLine: null,
      Advances: null,
      CanRequestReview: false,
      ReviewClosedReason: '成绩公布后方可申请复核',
    });
    // Nor does the application list or the flow let it out.
    const mine = await t.call(getUserProject, { Status: 'Finished' }, as());
    expect(mine.body.Data.Items.find((a) => a.ApplyId === applyId)?.ExamScore).toBeNull();

    clock.now = expected.getTime() + 1000;
    const after = await t.call(getScore, { ApplyId: applyId }, as());
    expect(after.body.Data).toMatchObject({
      Published: true,
      ExpectedTime: null,
      PublishTime: expected.toISOString(),
      Score: 90,
      TotalScore: 100,
      PassLine: 60,
      Advances: true,
      CanRequestReview: true,
      ReviewClosedReason: null,
    });
    const listed = await t.call(getUserProject, { Status: 'Finished' }, as());
    expect(listed.body.Data.Items.find((a) => a.ApplyId === applyId)?.ExamScore).toBe(90);
  });

  it('refuses a 复核 outside the window, saying when it was open', async () => {
    const start = new Date(clock.now - 10 * DAY);
    const end = new Date(clock.now - 5 * DAY);
    await t.db
      .update(projects)
      .set({ scoreReviewStartAt: start, scoreReviewEndAt: end })
      .where(eq(projects.id, finishedProject));
    const late = await t.call(requestScoreReview, { ApplyId: applyId, Reason: REASON }, as());
    expect(late.status).toBe(409);
    expect(late.body.ErrMsg).toMatch(
      /^复核申请时间为 \d{4}-\d\d-\d\d \d\d:\d\d 至 .+（北京时间），已结束$/,
    );
    await t.db
      .update(projects)
      .set({
        scoreReviewStartAt: new Date(clock.now + DAY),
        scoreReviewEndAt: new Date(clock.now + 5 * DAY),
      })
      .where(eq(projects.id, finishedProject));
    const early = await t.call(requestScoreReview, { ApplyId: applyId, Reason: REASON }, as());
    expect(early.status).toBe(409);
    expect(early.body.ErrMsg).toContain('尚未开始');
    expect(await t.db.select().from(scoreReviews)).toHaveLength(0);
  });

  it('files one 复核 within the window and refuses a second while it is open', async () => {
    await t.db
      .update(projects)
      .set({
        scoreReviewStartAt: new Date(clock.now - DAY),
        scoreReviewEndAt: new Date(clock.now + DAY),
      })
      .where(eq(projects.id, finishedProject));
    const filed = await t.call(requestScoreReview, { ApplyId: applyId, Reason: REASON }, as());
    expect(filed.status).toBe(200);
    expect(filed.body.Data.CanRequestReview).toBe(false);
    expect(filed.body.Data.Reviews).toMatchObject([
      { Status: 'Submitted', Reason: REASON, ScoreBefore: 90, ScoreAfter: null, Answer: null },
    ]);
    const again = await Promise.all(
      [1, 2, 3].map(() => t.call(requestScoreReview, { ApplyId: applyId, Reason: REASON }, as())),
    );
    expect(again.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(again[0]!.body.ErrMsg).toBe('您已提交复核申请，请等待答复，不能重复提交');
    expect(await t.db.select().from(scoreReviews)).toHaveLength(1);
  });

  it('answers another candidate with 404, reading and filing alike', async () => {
    const read = await t.call(getScore, { ApplyId: applyId }, { as: secondUser });
    expect(read.status).toBe(404);
    const filed = await t.call(
      requestScoreReview,
      { ApplyId: applyId, Reason: REASON },
      { as: secondUser },
    );
    expect(filed.status).toBe(404);
  });

  it('records the organiser’s answer: 复核中, then 已答复 with the score after it', async () => {
    const [review] = await t.db.select().from(scoreReviews);
    const taken = await devPost('/dev/score-review', { ReviewId: review!.id });
    expect(taken.json()).toMatchObject({ Data: { Status: 'Reviewing' } });
    expect((await t.call(getScore, { ApplyId: applyId }, as())).body.Data.Reviews[0]!.Status).toBe(
      'Reviewing',
    );
    const answered = await devPost('/dev/score-review', {
      ReviewId: review!.id,
      Answer: '经复核，第12题评分有误，已更正。',
      ScoreAfter: 95,
    });
    expect(answered.json()).toMatchObject({ Data: { Status: 'Answered' } });
    const view = (await t.call(getScore, { ApplyId: applyId }, as())).body.Data;
    expect(view).toMatchObject({ Score: 95, CanRequestReview: true });
    expect(view.Reviews[0]).toMatchObject({
      Status: 'Answered',
      ScoreBefore: 90,
      ScoreAfter: 95,
      Answer: '经复核，第12题评分有误，已更正。',
    });
    const [row] = await t.db.select().from(applications).where(eq(applications.id, applyId));
    expect(row!.examScore).toBe(95);
    const messages = await t.db
      .select()
      .from(userMessages)
      .where(eq(userMessages.userId, t.demoUserId));
    expect(messages.some((m) => m.content.includes('由 90 分更正为 95 分'))).toBe(true);
    const twice = await devPost('/dev/score-review', { ReviewId: review!.id, Answer: '再答一次' });
    expect(twice.statusCode).toBe(409);
  });

  it('publishes a project’s scores through the dev tools, opening a 复核 window', async () => {
    const paidExam = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    const published = await devPost('/dev/scores/publish', {
      ProjectId: paidExam,
      PassLine: 70,
      ReviewDays: 5,
    });
    expect(published.statusCode).toBe(200);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, paidExam));
    expect(row).toMatchObject({ scorePassLine: 70 });
    expect(row!.scoresPublishAt!.getTime()).toBe(clock.now);
    expect(row!.scoreReviewEndAt!.getTime()).toBe(clock.now + 5 * DAY);
    expect((await devPost('/dev/scores/publish', { ProjectId: 999999 })).statusCode).toBe(404);
  });
});
