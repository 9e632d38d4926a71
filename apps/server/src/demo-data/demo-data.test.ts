import { getProject } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectNotices, projects } from '../db/schema/index.js';
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
