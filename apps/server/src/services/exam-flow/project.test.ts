import {
  follow,
  getProject,
  getProjectList,
  getProjectOpenAsk,
  getProjectPosition,
  getProjectUserAsk,
  getUserBrowseProject,
  submitAsk,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browseHistory, projects } from '../../db/schema/index.js';
import { latestOfEach } from '../../domain/projects/footprints.js';
import { ACCOMMODATED_MOBILE, SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { projectIdOf, userIdOf } from './flow-test-kit.js';

describe('Project/ calls', () => {
  let t: TestApp;
  let journeyId: number;
  beforeAll(async () => {
    t = await createTestApp();
    journeyId = await projectIdOf(t.db, SEED_PROJECTS.journey);
  });
  afterAll(() => t.close());

  it('GetProject answers the details to a visitor without a footprint', async () => {
    const res = await t.call(getProject, { ProjectId: journeyId });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      ProjectId: journeyId,
      Title: SEED_PROJECTS.journey,
      State: 'Applying',
      HasOnlineExam: true,
      IsFollow: false,
    });
    expect(res.body.Data.FeeInFen).toBeGreaterThan(0);
    expect(res.body.Data.Introduction).toContain('<h3>');
    expect(res.body.Data.PositionCount).toBeGreaterThan(0);
  });

  it('GetProject records a footprint and tells a signed-in follower IsFollow', async () => {
    const freeId = await projectIdOf(t.db, SEED_PROJECTS.free);
    const res = await t.call(getProject, { ProjectId: journeyId }, { as: t.demoUserId });
    expect(res.body.Data.IsFollow).toBe(true);
    await t.call(getProject, { ProjectId: freeId }, { as: t.demoUserId });
    const history = await t.call(getUserBrowseProject, {}, { as: t.demoUserId });
    expect(history.body.Data.Items[0]!.ProjectId).toBe(freeId);
    expect(history.body.Data.Items.filter((p) => p.ProjectId === freeId)).toHaveLength(1);
  });

  it('footprints go in group commits, and their owner reads them back at once', async () => {
    const visitor = await userIdOf(t.db, ACCOMMODATED_MOBILE);
    await t.db.delete(browseHistory).where(eq(browseHistory.userId, visitor));
    const freeId = await projectIdOf(t.db, SEED_PROJECTS.free);
    // The first goes alone at once, the others wait for it and go together.
    await Promise.all(
      [journeyId, freeId, journeyId, freeId, journeyId].map((ProjectId) =>
        t.call(getProject, { ProjectId }, { as: visitor }),
      ),
    );
    const history = await t.call(getUserBrowseProject, {}, { as: visitor });
    expect(history.body.Data.Items.map((p) => p.ProjectId).sort()).toEqual(
      [journeyId, freeId].sort(),
    );
  });

  it('a batch keeps one footprint per candidate and project, the latest visit', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 2, minute));
    expect(
      latestOfEach([
        { userId: 1, projectId: 7, at: at(1) },
        { userId: 1, projectId: 7, at: at(3) },
        { userId: 2, projectId: 7, at: at(2) },
        { userId: 1, projectId: 7, at: at(2) },
      ]),
    ).toEqual([
      { userId: 1, projectId: 7, at: at(3) },
      { userId: 2, projectId: 7, at: at(2) },
    ]);
  });

  it('footprints not yet written are written when the app closes', async () => {
    const other = await createTestApp();
    const visitor = await userIdOf(other.db, ACCOMMODATED_MOBILE);
    await other.db.delete(browseHistory).where(eq(browseHistory.userId, visitor));
    await other.call(getProject, { ProjectId: journeyId }, { as: visitor });
    await other.app.close();
    const rows = await other.db
      .select()
      .from(browseHistory)
      .where(eq(browseHistory.userId, visitor));
    await other.close();
    expect(rows.map((f) => f.projectId)).toEqual([journeyId]);
  });

  it('GetProject refuses an unknown id with 404 and a malformed one with 400', async () => {
    const missing = await t.call(getProject, { ProjectId: 999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.ErrMsg).toBe('项目不存在或已下线');
    const bad = await t.call(getProject, { ProjectId: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.Data).toHaveProperty('FieldErrors.ProjectId');
  });

  it('GetProjectPosition lists the positions with their numbers', async () => {
    const res = await t.call(getProjectPosition, { ProjectId: journeyId });
    expect(res.status).toBe(200);
    expect(res.body.Data.length).toBeGreaterThan(0);
    expect(res.body.Data[0]).toMatchObject({ ProjectId: journeyId, Code: expect.any(String) });
    expect((await t.call(getProjectPosition, { ProjectId: 999999 })).status).toBe(404);
  });

  it('GetProjectList pages, and filters by keyword, category, label and state', async () => {
    const all = await t.call(getProjectList, { PageIndex: 1, PageSize: 50 });
    expect(all.status).toBe(200);
    expect(all.body.Data.Total).toBeGreaterThanOrEqual(30);
    const states = new Set(all.body.Data.Items.map((p) => p.State));
    expect([...states].sort()).toEqual(['Applying', 'Closed', 'Finished', 'NotStarted']);
    // Applying projects come first.
    expect(all.body.Data.Items[0]!.State).toBe('Applying');

    const page2 = await t.call(getProjectList, { PageIndex: 2, PageSize: 5 });
    expect(page2.body.Data.Items).toHaveLength(5);
    expect(page2.body.Data.Items[0]!.ProjectId).toBe(all.body.Data.Items[5]!.ProjectId);

    const keyword = await t.call(getProjectList, { Keyword: '教师' });
    expect(keyword.body.Data.Total).toBeGreaterThan(0);
    expect(keyword.body.Data.Items.every((p) => /教师/.test(p.Title + p.Organizer))).toBe(true);

    const category = all.body.Data.Items[0]!.CategoryId;
    const byCategory = await t.call(getProjectList, { CategoryId: category, PageSize: 50 });
    expect(byCategory.body.Data.Items.every((p) => p.CategoryId === category)).toBe(true);

    const label = all.body.Data.Items.find((p) => p.Lables.length > 0)!.Lables[0]!;
    const byLabel = await t.call(getProjectList, { LableId: label.LableId, PageSize: 50 });
    expect(byLabel.body.Data.Total).toBeGreaterThan(0);
    expect(
      byLabel.body.Data.Items.every((p) => p.Lables.some((l) => l.LableId === label.LableId)),
    ).toBe(true);

    for (const state of ['Applying', 'NotStarted', 'Closed', 'Finished'] as const) {
      const res = await t.call(getProjectList, { State: state, PageSize: 50 });
      expect(res.body.Data.Total).toBeGreaterThan(0);
      expect(res.body.Data.Items.every((p) => p.State === state)).toBe(true);
    }
    const bad = await t.call(getProjectList, { State: 'Open', PageSize: 500 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Data as object)).toContain('FieldErrors');
  });

  it("shares an anonymous answer per site while it is kept, a signed-in caller's list per tenant, and a project's page per tenant with the caller's own following", async () => {
    // Apps of their own: one keeps answers for a minute (nothing in the test outlasts it), one for
    // 100 ms (the test waits it out).
    const kept = await createTestApp({ env: { ANONYMOUS_ANSWER_TTL_MS: '60000' } });
    const brief = await createTestApp({ env: { ANONYMOUS_ANSWER_TTL_MS: '100' } });
    const query = { Keyword: SEED_PROJECTS.journey, PageSize: 1 };
    const renamed = `${SEED_PROJECTS.journey}（更新）`;
    try {
      const id = await projectIdOf(kept.db, SEED_PROJECTS.journey);
      const listTitle = async (app: TestApp, options = {}) =>
        (await app.call(getProjectList, query, options)).body.Data.Items[0]?.Title;
      const detailTitle = async (app: TestApp, options = {}) =>
        (await app.call(getProject, { ProjectId: id }, options)).body.Data.Title;
      const rename = (app: TestApp) =>
        app.db.update(projects).set({ title: renamed }).where(eq(projects.id, id));

      expect(await listTitle(kept)).toBe(SEED_PROJECTS.journey);
      expect(await detailTitle(kept)).toBe(SEED_PROJECTS.journey);
      await rename(kept);
      // The kept answers, for every anonymous visitor of this site.
      expect(await listTitle(kept)).toBe(SEED_PROJECTS.journey);
      expect(await detailTitle(kept)).toBe(SEED_PROJECTS.journey);
      // Another site, or the first signed-in caller of the tenant: asked afresh.
      expect(await listTitle(kept, { headers: { host: 'other.example.com' } })).toBe(renamed);
      expect(await listTitle(kept, { as: kept.demoUserId })).toBe(renamed);
      const renamedAgain = `${SEED_PROJECTS.journey}（再次更新）`;
      await kept.db.update(projects).set({ title: renamedAgain }).where(eq(projects.id, id));
      // The list names nobody: the tenant's kept answer, for another of its candidates too.
      const other = await userIdOf(kept.db, '13900139000');
      expect(await listTitle(kept, { as: other })).toBe(renamed);
      // A project's page is the tenant's kept row for every caller; whether the caller follows it
      // is theirs, asked afresh.
      const page = async (app: TestApp, as: number) =>
        (await app.call(getProject, { ProjectId: id }, { as })).body.Data;
      expect(await page(kept, other)).toMatchObject({
        Title: SEED_PROJECTS.journey,
        IsFollow: false,
      });
      await kept.call(follow, { ProjectId: id, IsFollow: true }, { as: other });
      expect(await page(kept, other)).toMatchObject({
        Title: SEED_PROJECTS.journey,
        IsFollow: true,
      });
      await kept.call(follow, { ProjectId: id, IsFollow: false }, { as: other });
      expect(await page(kept, other)).toMatchObject({ IsFollow: false });

      const briefId = await projectIdOf(brief.db, SEED_PROJECTS.journey);
      const briefOther = await userIdOf(brief.db, '13900139000');
      expect(await listTitle(brief)).toBe(SEED_PROJECTS.journey);
      expect((await page(brief, briefOther)).Title).toBe(SEED_PROJECTS.journey);
      await rename(brief);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await listTitle(brief)).toBe(renamed);
      expect(
        (await brief.call(getProject, { ProjectId: briefId }, { as: briefOther })).body.Data.Title,
      ).toBe(renamed);
    } finally {
      await kept.close();
      await brief.close();
    }
  }, 90_000);

  it('Follow needs a token, follows and unfollows', async () => {
    expect((await t.call(follow, { ProjectId: journeyId, IsFollow: true })).status).toBe(401);
    const other = await userIdOf(t.db, '13900139000');
    const on = await t.call(follow, { ProjectId: journeyId, IsFollow: true }, { as: other });
    expect(on.body.Data).toEqual({ ProjectId: journeyId, IsFollow: true });
    // Following twice is harmless.
    expect(
      (await t.call(follow, { ProjectId: journeyId, IsFollow: true }, { as: other })).status,
    ).toBe(200);
    expect(
      (await t.call(getProject, { ProjectId: journeyId }, { as: other })).body.Data.IsFollow,
    ).toBe(true);
    await t.call(follow, { ProjectId: journeyId, IsFollow: false }, { as: other });
    expect(
      (await t.call(getProject, { ProjectId: journeyId }, { as: other })).body.Data.IsFollow,
    ).toBe(false);
    expect(
      (await t.call(follow, { ProjectId: 999999, IsFollow: true }, { as: other })).status,
    ).toBe(404);
  });

  it('GetProjectOpenAsk shows only answered questions made public', async () => {
    const res = await t.call(getProjectOpenAsk, { ProjectId: journeyId });
    expect(res.status).toBe(200);
    expect(res.body.Data.Total).toBe(2);
    expect(res.body.Data.Items.every((q) => q.Answer && q.AnswerTime)).toBe(true);
    expect(res.body.Data.Items[0]!.AskerName).toBe('王*');
  });

  it('SubmitAsk checks the content, and GetProjectUserAsk lists the caller’s own', async () => {
    const short = await t.call(
      submitAsk,
      { ProjectId: journeyId, Content: '能报吗' },
      { as: t.demoUserId },
    );
    expect(short.status).toBe(400);
    expect(short.body.ErrMsg).toContain('问题至少5个字');
    expect(
      (await t.call(submitAsk, { ProjectId: journeyId, Content: '考试可以使用计算器吗？' })).status,
    ).toBe(401);
    const asked = await t.call(
      submitAsk,
      { ProjectId: journeyId, Content: '考试可以使用计算器吗？' },
      { as: t.demoUserId },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.Data).toMatchObject({ AskerName: '李*', Answer: null });
    const mine = await t.call(getProjectUserAsk, { ProjectId: journeyId }, { as: t.demoUserId });
    expect(mine.body.Data.Items.map((q) => q.QuestionId)).toEqual([asked.body.Data.QuestionId]);
    // Not public until answered and opened.
    const open = await t.call(getProjectOpenAsk, { ProjectId: journeyId });
    expect(open.body.Data.Items.some((q) => q.QuestionId === asked.body.Data.QuestionId)).toBe(
      false,
    );
    expect((await t.call(getProjectUserAsk, {})).status).toBe(401);
  });
});
