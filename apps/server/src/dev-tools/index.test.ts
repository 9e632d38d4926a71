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

  it('runs the account erasure as of days later, and searches every table for a text', async () => {
    const search = async (Text: string) =>
      (await t.app.inject({ method: 'POST', url: '/dev/data-search', payload: { Text } })).json<{
        Data: { Tables: string[] };
      }>().Data.Tables;
    expect(await search('13900139000')).toContain('users');
    expect(await search('不会出现的文字xyz')).toEqual([]);
    const erased = await t.app.inject({
      method: 'POST',
      url: '/dev/account-erasure',
      payload: { DaysLater: 16 },
    });
    expect(erased.json()).toMatchObject({ ErrCode: 0, Data: { Erased: 0 } });
  });
});
