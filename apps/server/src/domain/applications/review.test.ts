import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, projects, userMessages } from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { reviewApplication, startReview } from './review.js';

async function applicationOf(t: TestApp, title: string) {
  const [row] = await t.db
    .select({ application: applications })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .where(and(eq(projects.title, title), eq(applications.userId, t.demoUserId)));
  return row!.application;
}

describe('reviewApplication (the back office)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns with a reason, tells the candidate, and refuses illegal moves', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.submitted);
    await expect(reviewApplication(t.db, row!.id, 'return', '')).rejects.toThrow('请填写审核意见');
    await startReview(t.db, row!.id);
    const returned = await reviewApplication(t.db, row!.id, 'return', '请补充学历证明');
    expect(returned).toMatchObject({ status: 'Returned', reviewRemark: '请补充学历证明' });
    const messages = await t.db
      .select()
      .from(userMessages)
      .where(
        and(eq(userMessages.userId, t.demoUserId), eq(userMessages.projectId, row!.projectId)),
      );
    expect(
      messages.some(
        (m) => m.title === '报名审核结果：退回修改' && m.content.includes('请补充学历证明'),
      ),
    ).toBe(true);
    await expect(reviewApplication(t.db, row!.id, 'approve')).rejects.toThrow(
      '不能变更为“审核通过”',
    );
    const [after] = await t.db.select().from(applications).where(eq(applications.id, row!.id));
    expect(after!.status).toBe('Returned');
  });

  it('an approval with a fee due links to the payment, 去缴费 (issue 30, point 11)', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.underReview);
    await reviewApplication(t.db, row.id, 'approve');
    const [message] = await t.db
      .select()
      .from(userMessages)
      .where(
        and(
          eq(userMessages.userId, t.demoUserId),
          eq(userMessages.projectId, row.projectId),
          eq(userMessages.title, '报名审核结果：审核通过'),
        ),
      );
    expect(message!.content).toContain(`<a href="/views/payment?ApplyId=${row.id}">去缴费</a>`);
  });

  it('refuses to review a finished application and leaves no message', async () => {
    const row = await applicationOf(t, SEED_PROJECTS.finished);
    const before = await t.db
      .select()
      .from(userMessages)
      .where(eq(userMessages.userId, t.demoUserId));
    await expect(reviewApplication(t.db, row!.id, 'reject', '不符合条件')).rejects.toMatchObject({
      status: 409,
    });
    const after = await t.db
      .select()
      .from(userMessages)
      .where(eq(userMessages.userId, t.demoUserId));
    expect(after.length).toBe(before.length);
    await expect(reviewApplication(t.db, 999999, 'approve')).rejects.toMatchObject({ status: 404 });
  });
});
