import { getProject, getProjectList, type ProjectSummary } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, projects, tenantDomains, tenants } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { BAD_CURSOR, projectCoverPath } from './project-list.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = new Date('2026-06-01T00:00:00Z');

describe('the project list query', () => {
  let t: TestApp;
  let clock = start;
  let tenantId: number;
  let categoryId: number;
  const host = { host: 'list-test.example.com' };
  const list = (input: Record<string, unknown>) =>
    t.call(getProjectList, input, { headers: host }).then((r) => {
      expect(r.status).toBe(200);
      return r.body.Data;
    });
  const addProject = async (values: Partial<typeof projects.$inferInsert> & { title: string }) => {
    const [row] = await t.db
      .insert(projects)
      .values({
        tenantId,
        organizer: '列表测试主办方',
        categoryId,
        applyStartAt: new Date(start.getTime() - DAY),
        applyEndAt: new Date(start.getTime() + 10 * DAY),
        ...values,
      })
      .returning({ id: projects.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({
      // The query is tested here, not the second for which anonymous answers are shared.
      env: { ANONYMOUS_ANSWER_TTL_MS: '0' },
      now: () => clock,
      rateLimits: { perUserPerMinute: 1e6, perAddressPerMinute: 1e6 },
    });
    const [tenant] = await t.db.insert(tenants).values({ name: '列表测试' }).returning();
    tenantId = tenant!.id;
    await t.db.insert(tenantDomains).values({ domain: host.host, tenantId });
    const [category] = await t.db
      .insert(categories)
      .values({ tenantId, name: '测试类别' })
      .returning();
    categoryId = category!.id;
  });
  afterAll(() => t.close());

  it('pages by cursor without losing or repeating rows that tie on every order key, and PageIndex pages the same order', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) ids.push(await addProject({ title: `并列项目${i}`, sort: 5 }));
    const byIndex: ProjectSummary[] = [];
    for (let page = 1; page <= 3; page++) {
      const data = await list({ PageIndex: page, PageSize: 10 });
      expect(data.PageIndex).toBe(page);
      expect(data.Total).toBe(23);
      byIndex.push(...data.Items);
    }
    expect(byIndex).toHaveLength(23);
    // Ties are broken by the newest id first.
    expect(byIndex.map((p) => p.ProjectId)).toEqual([...ids].sort((a, b) => b - a));

    const byCursor: ProjectSummary[] = [];
    let after: string | null | undefined;
    for (let page = 0; page < 5; page++) {
      const data = await list({ PageSize: 10, ...(after ? { After: after } : {}) });
      byCursor.push(...data.Items);
      after = data.NextCursor;
      if (!after) break;
    }
    expect(byCursor.map((p) => p.ProjectId)).toEqual(byIndex.map((p) => p.ProjectId));

    // A project added in front between two pages does not shift the next cursor page.
    const first = await list({ PageSize: 10 });
    await addProject({ title: '插队项目', sort: 1 });
    const next = await list({ PageSize: 10, After: first.NextCursor });
    expect(next.Items[0]!.ProjectId).toBe(byIndex[10]!.ProjectId);

    const bad = await t.call(getProjectList, { After: 'not-a-cursor' }, { headers: host });
    expect(bad.status).toBe(400);
    expect(bad.body.ErrMsg).toBe(BAD_CURSOR);
  });

  it('counts a project added a moment ago, though counts are kept', async () => {
    const before = (await list({ Keyword: '计数' })).Total;
    expect((await list({ Keyword: '计数' })).Total).toBe(before);
    await addProject({ title: '计数项目' });
    expect((await list({ Keyword: '计数' })).Total).toBe(before + 1);
    expect((await list({})).Total).toBe(25);
  });

  it('finds 1-, 2- and 3+-character keywords in title and organiser, in any case', async () => {
    const id = await addProject({ title: '甲乙丙丁招聘ABC', organizer: '戊己单位' });
    const found = async (keyword: string) =>
      (await list({ Keyword: keyword, PageSize: 50 })).Items.map((p) => p.ProjectId);
    expect(await found('丁')).toContain(id);
    expect(await found('丙丁')).toContain(id);
    expect(await found('乙丙丁')).toContain(id);
    expect(await found('甲乙丙丁招聘')).toContain(id);
    expect(await found('戊己')).toContain(id);
    expect(await found('abc')).toContain(id);
    expect(await found('b')).toContain(id);
    expect(await found('丁丙')).not.toContain(id);
    expect(await found('乙丁丙')).not.toContain(id);
    // LIKE's wildcards are plain characters.
    expect(await found('%')).toEqual([]);
    expect(await found('甲_丙')).toEqual([]);
  });

  it('orders by state across window boundaries: applying, not started, closed, finished', async () => {
    await t.db.delete(projects).where(eq(projects.tenantId, tenantId));
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
    const a = await addProject({ title: '窗口A', applyStartAt: at(-10), applyEndAt: at(2) });
    const b = await addProject({ title: '窗口B', applyStartAt: at(1), applyEndAt: at(20) });
    const c = await addProject({
      title: '窗口C',
      applyStartAt: at(-30),
      applyEndAt: at(-20),
      examEndAt: at(3),
    });
    const d = await addProject({
      title: '窗口D',
      applyStartAt: at(-30),
      applyEndAt: at(30),
      closedAt: at(4),
    });
    const order = async () =>
      (await list({ PageSize: 10 })).Items.map((p) => [p.ProjectId, p.State] as const);

    clock = at(0);
    expect(await order()).toEqual([
      [a, 'Applying'],
      [d, 'Applying'],
      [b, 'NotStarted'],
      [c, 'Closed'],
    ]);
    clock = at(1.5); // B opens
    expect(await order()).toEqual([
      [b, 'Applying'],
      [a, 'Applying'],
      [d, 'Applying'],
      [c, 'Closed'],
    ]);
    clock = at(3.5); // A closes (after 2h), C's exam is over (after 3h)
    expect(await order()).toEqual([
      [b, 'Applying'],
      [d, 'Applying'],
      [a, 'Closed'],
      [c, 'Finished'],
    ]);
    expect((await list({ State: 'Closed' })).Items.map((p) => p.ProjectId)).toEqual([a]);
    clock = at(4); // D closed early, at its closedAt exactly
    expect(await order()).toEqual([
      [b, 'Applying'],
      [a, 'Closed'],
      [d, 'Closed'],
      [c, 'Finished'],
    ]);
    expect((await list({ State: 'Closed' })).Total).toBe(2);
    // Back in time (another process's clock, a test's): the order follows.
    clock = at(0);
    expect((await order())[0]).toEqual([a, 'Applying']);
    // The organiser finishing a project moves it at once (the row is marked for recomputation).
    await t.db
      .update(projects)
      .set({ finishedAt: at(-1) })
      .where(eq(projects.id, d));
    expect((await order()).at(-1)).toEqual([d, 'Finished']);
    clock = start;
  });

  it('sends a cover address, not the image, and serves the image there', async () => {
    const seeded = await t.call(getProjectList, { PageSize: 50 });
    const items = seeded.body.Data.Items;
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) expect(p.CoverUrl).toBe(projectCoverPath(p.ProjectId));
    const detail = await t.call(getProject, { ProjectId: items[0]!.ProjectId });
    expect(detail.body.Data.CoverUrl).toBe(projectCoverPath(items[0]!.ProjectId));
    const image = await t.app.inject({ method: 'GET', url: items[0]!.CoverUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('<svg');
    const missing = await t.app.inject({ method: 'GET', url: projectCoverPath(999_999) });
    expect(missing.statusCode).toBe(404);
  });
});
