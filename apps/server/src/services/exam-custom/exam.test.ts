import { cooperateApply, getExamine, getUserProject, submitAnswer } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cooperationApplications, examQuestions, projects } from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../db/seed/30-projects.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applicationOf, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';

describe('ProjectOnLineExamine/ calls', () => {
  let t: TestApp;
  let paidApplyId: number;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp();
    other = await userIdOf(t.db, '13900139000');
    paidApplyId = (await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.paidExam),
    ))!.id;
  });
  afterAll(() => t.close());

  it('GetExamine answers the paper without the right answers', async () => {
    const res = await t.call(getExamine, { ApplyId: paidApplyId }, { as: t.demoUserId });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      ApplyId: paidApplyId,
      Submitted: false,
      Score: null,
      TotalScore: 100,
    });
    expect(new Set(res.body.Data.Questions.map((q) => q.Type))).toEqual(
      new Set(['single', 'multiple', 'judge']),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/"answer"|"Answer"/);
  });

  it('GetExamine and SubmitAnswer refuse before the exam starts, saying when it does', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    const later = new Date(Date.now() + 3 * 24 * 3600_000);
    await t.db.update(projects).set({ examStartAt: later }).where(eq(projects.id, projectId));
    try {
      const paper = await t.call(getExamine, { ApplyId: paidApplyId }, { as: t.demoUserId });
      expect(paper.status).toBe(409);
      expect(paper.body.ErrMsg).toMatch(
        /^考试尚未开始，开考时间为\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）$/,
      );
      const early = await t.call(
        submitAnswer,
        { ApplyId: paidApplyId, Answers: [] },
        { as: t.demoUserId },
      );
      expect(early.status).toBe(409);
    } finally {
      await t.db
        .update(projects)
        .set({ examStartAt: project!.examStartAt })
        .where(eq(projects.id, projectId));
    }
  });

  it('GetExamine refuses: no token, another user, not paid yet, no online exam', async () => {
    expect((await t.call(getExamine, { ApplyId: paidApplyId })).status).toBe(401);
    expect((await t.call(getExamine, { ApplyId: paidApplyId }, { as: other })).status).toBe(404);
    const unpaid = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.approvedUnpaid),
    );
    const noExam = await t.call(getExamine, { ApplyId: unpaid!.id }, { as: t.demoUserId });
    expect(noExam.status).toBe(409);
    expect(noExam.body.ErrMsg).toBe('该项目没有在线考试');
    const theirs = await applicationOf(
      t.db,
      other,
      await projectIdOf(t.db, SEED_PROJECTS.submitted),
    );
    expect((await t.call(getExamine, { ApplyId: theirs!.id }, { as: other })).status).toBe(409);
  });

  it('SubmitAnswer refuses answers outside the paper with 400', async () => {
    const res = await t.call(
      submitAnswer,
      { ApplyId: paidApplyId, Answers: [{ QuestionId: 999999, Choices: ['A'] }] },
      { as: t.demoUserId },
    );
    expect(res.status).toBe(400);
    expect(res.body.Data).toEqual({ FieldErrors: { 'Answers.0.QuestionId': '题目不属于本试卷' } });
  });

  it('SubmitAnswer scores once, finishes the application; a second submission is 409', async () => {
    const paper = (await t.call(getExamine, { ApplyId: paidApplyId }, { as: t.demoUserId })).body
      .Data;
    const rights = await t.db
      .select()
      .from(examQuestions)
      .where(eq(examQuestions.paperId, paper.ExamId));
    const answers = paper.Questions.map((q, i) => ({
      QuestionId: q.QuestionId,
      // Right on all but the first.
      Choices: i === 0 ? [] : rights.find((r) => r.id === q.QuestionId)!.answer,
    }));
    const res = await t.call(
      submitAnswer,
      { ApplyId: paidApplyId, Answers: answers },
      { as: t.demoUserId },
    );
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({ Score: 100 - paper.Questions[0]!.Score, TotalScore: 100 });
    const again = await t.call(
      submitAnswer,
      { ApplyId: paidApplyId, Answers: answers },
      { as: t.demoUserId },
    );
    expect(again.status).toBe(409);
    expect(again.body.ErrMsg).toBe('答卷已提交，不能重复提交');
    const after = await t.call(getExamine, { ApplyId: paidApplyId }, { as: t.demoUserId });
    expect(after.body.Data).toMatchObject({ Submitted: true, Score: res.body.Data.Score });
    const finished = await t.call(getUserProject, { Status: 'Finished' }, { as: t.demoUserId });
    expect(finished.body.Data.Items.find((a) => a.ApplyId === paidApplyId)?.ExamScore).toBe(
      res.body.Data.Score,
    );
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
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Data).toEqual({ FieldErrors: { Mobile: '请填写正确的11位手机号码' } });
    const unknown = await t.call(cooperateApply, {
      CompanyName: '某单位',
      ContactName: '王',
      Mobile: '13812345678',
      EquityId: 999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ErrMsg).toBe('所选权益套餐不存在');
  });
});
