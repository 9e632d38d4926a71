import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../platform/kv-store.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { createAttemptLimiter, SIGN_IN_FAILED, signInWithPassword } from './accounts.js';

describe('the per-address failure limit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('lets no more than 20 simultaneous wrong tries from one address be judged', async () => {
    const limiter = createAttemptLimiter(createMemoryStore());
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signInWithPassword(database.handle.db, limiter, {
          mobile: `1390000${String(i).padStart(4, '0')}`,
          password: 'Wrong@1234',
          address: '203.0.113.9',
        }),
      ),
    );
    expect(answers.filter((a) => a.message === SIGN_IN_FAILED)).toHaveLength(20);
  });
});
