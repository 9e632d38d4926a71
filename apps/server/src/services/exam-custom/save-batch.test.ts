import { getAttemptPaper, saveAnswers, startAttempt, type ExamAnswer } from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../db/client.js';
import { applications, examAttempts, positions, projects, users } from '../../db/schema/index.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const CANDIDATES = 12;

interface Candidate {
  userId: number;
  applyId: number;
  questions: { QuestionId: number; Options: { Key: string }[] }[];
}

/** Candidates with a paid application for the online exam, each with a started attempt. */
async function startedCandidates(t: TestApp, count: number): Promise<Candidate[]> {
  const [project] = await t.db
    .select()
    .from(projects)
    .where(eq(projects.title, SEED_PROJECTS.paidExam));
  const [position] = await t.db
    .select()
    .from(positions)
    .where(eq(positions.projectId, project!.id))
    .orderBy(asc(positions.sort))
    .limit(1);
  const made = await t.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenantId: project!.tenantId,
        mobile: `172${String(i).padStart(8, '0')}`,
        name: `考生${i}`,
        passwordHash: 'not used',
      })),
    )
    .returning({ id: users.id });
  const applied = await t.db
    .insert(applications)
    .values(
      made.map((u) => ({
        userId: u.id,
        projectId: project!.id,
        positionId: position!.id,
        values: {},
        status: 'Paid' as const,
      })),
    )
    .returning({ id: applications.id, userId: applications.userId });
  return Promise.all(
    applied.map(async ({ id, userId }) => {
      expect((await t.call(startAttempt, { ApplyId: id }, { as: userId })).status).toBe(200);
      const paper = await t.call(getAttemptPaper, { ApplyId: id }, { as: userId });
      return { userId, applyId: id, questions: paper.body.Data.Questions };
    }),
  );
}

const answersOf = (c: Candidate, count: number, option = 0): ExamAnswer[] =>
  c.questions
    .slice(0, count)
    .map((q) => ({ QuestionId: q.QuestionId, Choices: [q.Options[option]!.Key] }));

/** The stored revision and answers of these applications' attempts, read beneath the app. */
async function storedAttempts(t: TestApp, applyIds: number[]) {
  const pool = poolOf(t.db);
  if (!pool)
    return t.db
      .select({
        applyId: examAttempts.applicationId,
        revision: examAttempts.revision,
        answers: examAttempts.answers,
      })
      .from(examAttempts)
      .where(inArray(examAttempts.applicationId, applyIds));
  // PostgreSQL: the server's connections are cut first, as a crash cuts them: a transaction not
  // yet committed is lost with them. What a new connection reads is what was committed.
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  try {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const { rows } = await client.query<{
      applyId: number;
      revision: number;
      answers: ExamAnswer[];
    }>(
      `select application_id as "applyId", revision, answers from exam_attempts
       where application_id = any($1)`,
      [applyIds],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('SaveAnswers in group commits: saves that arrive together are written together', () => {
  let t: TestApp;
  let candidates: Candidate[];
  beforeAll(async () => {
    t = await createTestApp();
    candidates = await startedCandidates(t, CANDIDATES);
    // The first save of an attempt takes the long path; the ones after it are batched.
    for (const c of candidates)
      await t.call(
        saveAnswers,
        { ApplyId: c.applyId, Revision: 1, Answers: answersOf(c, 1) },
        { as: c.userId },
      );
  }, 120_000);
  afterAll(() => t.close());

  it('answers each of many concurrent saves with its own answers, and every acknowledged one is committed', async () => {
    const saved = await Promise.all(
      candidates.map((c, i) =>
        t.call(
          saveAnswers,
          { ApplyId: c.applyId, Revision: 2, Answers: answersOf(c, 1 + (i % 3), 1) },
          { as: c.userId },
        ),
      ),
    );
    saved.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.Data).toMatchObject({
        Revision: 2,
        Answers: answersOf(candidates[i]!, 1 + (i % 3), 1),
      });
    });
    const stored = await storedAttempts(
      t,
      candidates.map((c) => c.applyId),
    );
    for (const [i, c] of candidates.entries())
      expect(stored.find((row) => row.applyId === c.applyId)).toMatchObject({
        revision: 2,
        answers: answersOf(c, 1 + (i % 3), 1),
      });
  });

  it('keeps the newest of one attempt’s concurrent saves, whatever batch each lands in', async () => {
    const [c] = candidates;
    const revisions = [9, 4, 12, 3, 11, 6, 10, 5, 8, 7];
    const saved = await Promise.all(
      revisions.map((revision) =>
        t.call(
          saveAnswers,
          { ApplyId: c!.applyId, Revision: revision, Answers: answersOf(c!, revision % 5) },
          { as: c!.userId },
        ),
      ),
    );
    saved.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.Data.Revision).toBeGreaterThanOrEqual(revisions[i]!);
    });
    const [stored] = await storedAttempts(t, [c!.applyId]);
    expect(stored).toMatchObject({ revision: 12, answers: answersOf(c!, 12 % 5) });
    const resumed = await t.call(getAttemptPaper, { ApplyId: c!.applyId }, { as: c!.userId });
    expect(resumed.body.Data.Attempt).toMatchObject({ Revision: 12, Answers: answersOf(c!, 2) });
  });

  it('still refuses another user’s save of an attempt with 404, and stores nothing of it', async () => {
    const [mine, theirs] = candidates;
    const res = await t.call(
      saveAnswers,
      { ApplyId: mine!.applyId, Revision: 99, Answers: [] },
      { as: theirs!.userId },
    );
    expect(res.status).toBe(404);
    const [stored] = await storedAttempts(t, [mine!.applyId]);
    expect(stored!.revision).toBeLessThan(99);
  });
});
