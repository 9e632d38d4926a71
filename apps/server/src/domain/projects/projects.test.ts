import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { sql } from 'drizzle-orm';
import { STATE_RANK } from './project-list.js';
import { deriveProjectState } from './projects.js';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const window = {
  applyStartAt: at(-10),
  applyEndAt: at(10),
  examEndAt: at(20),
  closedAt: null,
  finishedAt: null,
};

describe('project state', () => {
  it('is derived from the window and the closed/finished flags', () => {
    expect(deriveProjectState(window, now)).toBe('Applying');
    expect(deriveProjectState({ ...window, applyStartAt: at(1) }, now)).toBe('NotStarted');
    expect(deriveProjectState({ ...window, applyEndAt: at(-1) }, now)).toBe('Closed');
    expect(deriveProjectState({ ...window, closedAt: at(-1) }, now)).toBe('Closed');
    expect(deriveProjectState({ ...window, closedAt: at(1) }, now)).toBe('Applying');
    expect(deriveProjectState({ ...window, examEndAt: at(-1), applyEndAt: at(-2) }, now)).toBe(
      'Finished',
    );
    expect(deriveProjectState({ ...window, finishedAt: at(-1) }, now)).toBe('Finished');
    expect(deriveProjectState({ ...window, examEndAt: null }, at(30))).toBe('Closed');
  });
});

describe('the SQL list order (portal_project_rank) agrees with the rule for every seeded project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([0, 30, -100, 70])('%i days from now', async (days) => {
    const moment = new Date(Date.now() + days * DAY);
    const rows = await t.db.select().from(projects);
    const ranks = (await t.db.execute(
      sql`select p.id, r.list_rank, r.rank_from, r.rank_until from projects p,
        portal_project_rank(p.apply_start_at, p.apply_end_at, p.exam_end_at, p.closed_at,
          p.finished_at, ${moment.toISOString()}::timestamptz) r`,
    )) as unknown as {
      rows: {
        id: number;
        list_rank: number;
        rank_from: string | Date;
        rank_until: string | Date;
      }[];
    };
    const byId = new Map(ranks.rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(rows.length);
    for (const p of rows) {
      const r = byId.get(p.id)!;
      expect(Number(r.list_rank)).toBe(STATE_RANK[deriveProjectState(p, moment)]);
      // The state holds through its window (JavaScript times are milliseconds, the window's
      // ends microseconds: 1 ms inside each end).
      const from = new Date(r.rank_from).getTime();
      const until = new Date(r.rank_until).getTime();
      if (Number.isFinite(from))
        expect(deriveProjectState(p, new Date(from + 1))).toBe(deriveProjectState(p, moment));
      if (Number.isFinite(until))
        expect(deriveProjectState(p, new Date(until - 1))).toBe(deriveProjectState(p, moment));
      // ±infinity reads as an invalid date (NaN): an open end.
      expect(from > moment.getTime()).toBe(false);
      expect(until <= moment.getTime()).toBe(false);
    }
  });
});
