import {
  getPersonalCenterNumber,
  getUserBrowseProject,
  getUserCollectProject,
  getUserProject,
  getUserRunProject,
  getUserRunProjectDisplay,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('User/ project lists of the demo user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GetUserProject lists every application and filters by Status', async () => {
    const all = await t.call(getUserProject, { PageSize: 50 }, { as: t.demoUserId });
    expect(all.status).toBe(200);
    expect(new Set(all.body.Data.Items.map((a) => a.Status))).toEqual(
      new Set([
        'Submitted',
        'UnderReview',
        'Returned',
        'Approved',
        'Paid',
        'TicketIssued',
        'Finished',
        'Rejected',
      ]),
    );
    const returned = await t.call(getUserProject, { Status: 'Returned' }, { as: t.demoUserId });
    expect(returned.body.Data.Items).toHaveLength(1);
    expect(returned.body.Data.Items[0]!.ReviewRemark).toContain('证件照');
    expect((await t.call(getUserProject, { Status: 'Lost' }, { as: t.demoUserId })).status).toBe(
      400,
    );
  });

  it('GetUserRunProject leaves out finished and rejected applications', async () => {
    const res = await t.call(getUserRunProject, { PageSize: 50 }, { as: t.demoUserId });
    expect(res.body.Data.Total).toBe(7);
    expect(
      res.body.Data.Items.some((a) => a.Status === 'Finished' || a.Status === 'Rejected'),
    ).toBe(false);
    const display = await t.call(getUserRunProjectDisplay, {}, { as: t.demoUserId });
    expect(display.body.Data.Display).toBe(true);
    expect(display.body.Data.Items).toHaveLength(3);
  });

  it('GetUserBrowseProject and GetUserCollectProject answer the footprints and follows', async () => {
    const browsed = await t.call(getUserBrowseProject, {}, { as: t.demoUserId });
    expect(browsed.body.Data.Total).toBe(6);
    const times = browsed.body.Data.Items.map((p) => p.BrowseTime);
    expect([...times].sort().reverse()).toEqual(times);
    const collected = await t.call(getUserCollectProject, {}, { as: t.demoUserId });
    expect(collected.body.Data.Total).toBe(4);
    expect(collected.body.Data.Items[0]).toHaveProperty('CollectTime');
  });

  it('GetPersonalCenterNumber counts them all', async () => {
    const res = await t.call(getPersonalCenterNumber, {}, { as: t.demoUserId });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({
      ApplyCount: 9,
      RunProjectCount: 7,
      OrderCount: 4,
      BrowseCount: 6,
      CollectCount: 4,
    });
    expect(res.body.Data.UnreadMessageCount).toBeGreaterThanOrEqual(0);
  });

  it('every list needs a token', async () => {
    for (const endpoint of [
      getUserProject,
      getUserRunProject,
      getUserRunProjectDisplay,
      getUserBrowseProject,
      getUserCollectProject,
      getPersonalCenterNumber,
    ])
      expect((await t.call(endpoint, {})).status).toBe(401);
  });
});
