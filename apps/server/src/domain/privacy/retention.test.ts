import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, projects, uploads } from '../../db/schema/index.js';
import { applyAs, projectIdOf, userIdOf } from '../../services/exam-flow/flow-test-kit.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { eraseExpiredSensitiveValues } from './retention.js';

const DAY_MS = 24 * 3600_000;
const RETENTION_DAYS = 180;

describe('the retention period of applications’ sensitive values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('erases the sensitive values and files of a project past it, once, and nothing else', async () => {
    const wang = await userIdOf(t.db, '13900139000');
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    const applyId = await applyAs(t, wang, projectId);
    const [before] = await t.db.select().from(applications).where(eq(applications.id, applyId));
    const photoId = (before!.values.photo as { FileId: string }).FileId;
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, photoId));
    expect(await t.deps.gateways.files.get(upload!.storedName)).not.toBeNull();
    const others = await t.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.userId, t.demoUserId));

    const now = t.deps.now();
    // The exam ended a day short of the period: nothing is erased yet.
    const endedAgo = async (days: number) =>
      t.db
        .update(projects)
        .set({ examEndAt: new Date(now.getTime() - days * DAY_MS) })
        .where(eq(projects.id, projectId));
    await endedAgo(RETENTION_DAYS - 1);
    expect(
      await eraseExpiredSensitiveValues(t.db, t.deps.gateways.files, now, RETENTION_DAYS),
    ).toBe(0);

    await endedAgo(RETENTION_DAYS + 1);
    expect(
      await eraseExpiredSensitiveValues(t.db, t.deps.gateways.files, now, RETENTION_DAYS),
    ).toBe(1);
    const [after] = await t.db.select().from(applications).where(eq(applications.id, applyId));
    expect(after!.sensitiveErasedAt).toEqual(now);
    expect(after!.values).not.toHaveProperty('idNumber');
    expect(after!.values).not.toHaveProperty('hukou');
    expect(after!.values).not.toHaveProperty('photo');
    expect(after!.values).toMatchObject({ name: before!.values.name, major: before!.values.major });
    expect(await t.db.select().from(uploads).where(eq(uploads.id, photoId))).toEqual([]);
    expect(await t.deps.gateways.files.get(upload!.storedName)).toBeNull();

    // Once: a second pass finds nothing; the other candidates' applications are as they were.
    expect(
      await eraseExpiredSensitiveValues(t.db, t.deps.gateways.files, now, RETENTION_DAYS),
    ).toBe(0);
    const untouched = await t.db
      .select({ id: applications.id, erased: applications.sensitiveErasedAt })
      .from(applications)
      .where(eq(applications.userId, t.demoUserId));
    expect(untouched).toEqual(others.map(({ id }) => ({ id, erased: null })));
  });
});
