import { getProject } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectNotices, projects } from '../db/schema/index.js';
import { SEED_PROJECTS } from '../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Issue 30, point 12 (and 11's notice title): the demo data reads like a real platform's.
describe('the demo seed reads real', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a notice title never starts mid-word (「度北京市…」)', async () => {
    const titles = (await t.db.select({ title: projectNotices.title }).from(projectNotices)).map(
      (n) => n.title,
    );
    expect(titles.filter((title) => /^(度|年)/.test(title))).toEqual([]);
  });

  it('a project closed early says when it closed (issue 30, point 11)', async () => {
    const [row] = await t.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.title, '深圳市福田区2026年公开招聘社区专职工作者'));
    const res = await t.call(getProject, { ProjectId: row!.id });
    expect(res.body.Data.State).toBe('Closed');
    expect(res.body.Data.ClosedEarlyTime).toBeTruthy();
    expect(Date.parse(res.body.Data.ClosedEarlyTime!)).toBeLessThan(
      Date.parse(res.body.Data.ApplyEndTime),
    );
  });
  it('a notice says what its title promises (a closing notice is not about review)', async () => {
    const rows = await t.db
      .select({ title: projectNotices.title, content: projectNotices.content })
      .from(projectNotices);
    const closing = rows.filter((n) => /准考证打印及考试安排|提前截止/.test(n.title));
    expect(closing.length).toBeGreaterThan(0);
    for (const n of closing) expect(n.content).not.toContain('资格审核将在考生提交报名后');
  });

  it('no recruitment of 2025 opened in 2026 (「2025年秋季」)', async () => {
    const rows = await t.db
      .select({ title: projects.title, start: projects.applyStartAt })
      .from(projects);
    // The seeded roles' titles stay (tests and journeys name them).
    const roles: string[] = Object.values(SEED_PROJECTS);
    const stale = rows.filter(
      (r) =>
        r.title.includes('2025年') && r.start.getUTCFullYear() >= 2026 && !roles.includes(r.title),
    );
    expect(stale.map((r) => r.title)).toEqual([]);
  });

  it('a project’s telephone has the area code of its city (a Hangzhou project dials 0571)', async () => {
    const rows = await t.db
      .select({ title: projects.title, phone: projects.contactPhone })
      .from(projects);
    const hangzhou = rows.filter((r) => r.title.includes('杭州'));
    expect(hangzhou.length).toBeGreaterThan(0);
    for (const r of hangzhou) expect(r.phone).toMatch(/^0571-\d{8}$/);
    for (const r of rows.filter((r) => r.title.includes('上海'))) expect(r.phone).toMatch(/^021-/);
  });
});
