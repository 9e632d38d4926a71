import { getProjectNotice } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { projectIdOf } from '../exam-flow/flow-test-kit.js';

describe('ProjectNotice/GetNotice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers all published notices newest first, a project’s, or one', async () => {
    const all = await t.call(getProjectNotice, { PageSize: 50 });
    expect(all.status).toBe(200);
    expect(all.body.Data.Total).toBeGreaterThan(30);
    const times = all.body.Data.Items.map((n) => n.PublishTime);
    expect([...times].sort().reverse()).toEqual(times);
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    const mine = await t.call(getProjectNotice, { ProjectId: projectId });
    expect(
      mine.body.Data.Items.every(
        (n) => n.ProjectId === projectId && n.ProjectTitle === SEED_PROJECTS.journey,
      ),
    ).toBe(true);
    const one = await t.call(getProjectNotice, { NoticeId: mine.body.Data.Items[0]!.NoticeId });
    expect(one.body.Data.Items).toHaveLength(1);
  });

  it('an unknown notice or project is 404, a bad id 400', async () => {
    expect((await t.call(getProjectNotice, { NoticeId: 999999 })).status).toBe(404);
    expect((await t.call(getProjectNotice, { ProjectId: 999999 })).status).toBe(404);
    expect((await t.call(getProjectNotice, { ProjectId: 'x' })).status).toBe(400);
  });
});
