import { IDEMPOTENCY_KEY_HEADER, submitAsk } from '@portal/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectQuestions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { userIdOf } from '../exam-flow/flow-test-kit.js';

describe('a creating POST sent again with its idempotency key', () => {
  let t: TestApp;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp();
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  const questions = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(projectQuestions)
        .where(eq(projectQuestions.projectId, 1))
    )[0]!.n;
  const ask = (key: string | undefined, as: number, content = '请问报名需要准备哪些材料？') =>
    t.call(
      submitAsk,
      { ProjectId: 1, Content: content },
      { as, headers: key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {} },
    );

  it('is done once and answered with the first answer', async () => {
    const before = await questions();
    const key = 'retry-after-a-lost-answer-1';
    const [first, again] = [await ask(key, t.demoUserId), await ask(key, t.demoUserId)];
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await questions()).toBe(before + 1);
  });

  it('is done again without a key, with another key, by another user or with other input', async () => {
    const before = await questions();
    await ask(undefined, t.demoUserId);
    await ask(undefined, t.demoUserId);
    await ask('another-key-of-sixteen', t.demoUserId);
    await ask('retry-after-a-lost-answer-1', other);
    await ask('retry-after-a-lost-answer-1', t.demoUserId, '另一个问题：考试地点在哪里？');
    expect(await questions()).toBe(before + 5);
  });

  it('refuses a malformed key with 400', async () => {
    const answer = await ask('short', t.demoUserId);
    expect(answer.status).toBe(400);
    expect(answer.body.ErrMsg).toContain('Idempotency-Key');
  });
});
