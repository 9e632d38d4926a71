import { getUserProject } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('development back office', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('approves a submitted application through review', async () => {
    const mine = await t.call(getUserProject, { Status: 'Submitted' }, { as: t.demoUserId });
    const submitted = mine.body.Data.Items[0]!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/review',
      payload: { ApplyId: submitted.ApplyId, Decision: 'approve' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ErrCode: 0, Data: { Status: 'Approved' } });
  });

  it('refuses an unknown application with 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/review',
      payload: { ApplyId: 999999, Decision: 'approve' },
    });
    expect(response.statusCode).toBe(404);
  });
});
