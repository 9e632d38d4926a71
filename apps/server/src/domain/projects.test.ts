import { PROJECT_STATES } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { deriveProjectState, projectStateWhere } from './projects.js';

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

describe('the SQL state filter agrees with the rule for every seeded project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([0, 30, -100, 70])('%i days from now', async (days) => {
    const moment = new Date(Date.now() + days * DAY);
    const rows = await t.db.select().from(projects);
    for (const state of PROJECT_STATES) {
      const matched = await t.db
        .select({ id: projects.id })
        .from(projects)
        .where(projectStateWhere(state, moment));
      const expected = rows.filter((p) => deriveProjectState(p, moment) === state).map((p) => p.id);
      expect(matched.map((m) => m.id).sort()).toEqual(expected.sort());
    }
  });
});
