import { getAttemptPaper, saveAnswers, startAttempt } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, users } from '../db/schema/index.js';
import { SEED_PROJECTS } from '../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { applicationOf, projectIdOf } from './exam-flow/flow-test-kit.js';

const CANDIDATES = 500;
const AT_ONCE = 50;

/** The load the limits are sized for (docs/operations.md, "Limits"): one exam room behind one NAT address. */
describe('an exam room of 500 candidates behind one address', () => {
  let t: TestApp;
  let rooms: Array<{ userId: number; applyId: number }>;
  beforeAll(async () => {
    t = await createTestApp();
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.paidExam);
    const { id: _id, ...paid } = (await applicationOf(t.db, t.demoUserId, projectId))!;
    const [demo] = await t.db.select().from(users).where(eq(users.id, t.demoUserId));
    const created = await t.db
      .insert(users)
      .values(
        Array.from({ length: CANDIDATES }, (_, i) => ({
          tenantId: demo!.tenantId,
          mobile: `1770000${String(i).padStart(4, '0')}`,
          name: `考生${i}`,
          passwordHash: demo!.passwordHash,
        })),
      )
      .returning({ id: users.id });
    const applied = await t.db
      .insert(applications)
      .values(created.map(({ id }) => ({ ...paid, userId: id, ticketNo: null })))
      .returning({ id: applications.id, userId: applications.userId });
    rooms = applied.map((a) => ({ userId: a.userId, applyId: a.id }));
  });
  afterAll(() => t.close());

  it('each starts the exam, fetches the paper and saves answers without a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < rooms.length; i += AT_ONCE)
      statuses.push(
        ...(
          await Promise.all(
            rooms.slice(i, i + AT_ONCE).map(async ({ userId, applyId }) => {
              const started = await t.call(startAttempt, { ApplyId: applyId }, { as: userId });
              const paper = await t.call(getAttemptPaper, { ApplyId: applyId }, { as: userId });
              const answers = paper.body.Data.Questions.map((q) => ({
                QuestionId: q.QuestionId,
                Choices: [q.Options[0]!.Key],
              }));
              const saved = await t.call(
                saveAnswers,
                { ApplyId: applyId, Revision: 1, Answers: answers },
                { as: userId },
              );
              return [started.status, paper.status, saved.status];
            }),
          )
        ).flat(),
      );
    expect(statuses).toHaveLength(CANDIDATES * 3);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 300_000);
});
