import {
  getFindLable,
  getHomeLable,
  getHomeLableLayout,
  getProjectList,
  type FindLable,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('Lable/ and HomeLableLayout/ calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GetHomeLable answers the home labels with icon and colour', async () => {
    const res = await t.call(getHomeLable, {});
    expect(res.status).toBe(200);
    expect(res.body.Data.length).toBeGreaterThanOrEqual(8);
    expect(res.body.Data[0]).toMatchObject({ Name: '热门推荐', Icon: 'fire', Color: '#f53f3f' });
  });

  it('GetFindLable answers a tree whose parents count their children’s projects', async () => {
    const res = await t.call(getFindLable, {});
    expect(res.status).toBe(200);
    const roots = res.body.Data;
    expect(roots.map((r) => r.Name)).toEqual(['招录考试', '资格认证', '竞赛活动', '按地区']);
    const leafCount = (node: FindLable): boolean =>
      node.Children ? node.Children.every(leafCount) : node.ProjectCount >= 0;
    expect(roots.every(leafCount)).toBe(true);
    const exams = roots[0]!;
    expect(exams.Children!.length).toBe(5);
    expect(exams.ProjectCount).toBeGreaterThanOrEqual(
      Math.max(...exams.Children!.map((c) => c.ProjectCount)),
    );
    // A parent label filters the list by its whole subtree.
    const list = await t.call(getProjectList, { LableId: exams.LableId, PageSize: 50 });
    expect(list.body.Data.Total).toBe(exams.ProjectCount);
  });

  it('GetHomeLableLayout answers banners and sections of projects', async () => {
    const res = await t.call(getHomeLableLayout, {});
    expect(res.status).toBe(200);
    expect(res.body.Data.Banners.length).toBe(3);
    expect(res.body.Data.Sections.length).toBe(4);
    const hot = res.body.Data.Sections[0]!;
    expect(hot.Projects.length).toBeGreaterThan(0);
    expect(hot.Projects.length).toBeLessThanOrEqual(4);
    expect(hot.Projects[0]!.State).toBe('Applying');
  });
});
