import { describe, expect, it } from 'vitest';
import { applyWindowText, examTimeText, quotaText } from './project-card';

describe('copy a candidate can trust', () => {
  it('a quota of 0 reads 不限, never "0 人"', () => {
    expect(quotaText(0)).toBe('不限');
    expect(quotaText(3)).toBe('3 人');
  });
  it('a project closed early says when, beside its window (issue 30, point 11)', () => {
    const window = {
      ApplyStartTime: '2026-11-01T09:00:00+08:00',
      ApplyEndTime: '2026-12-20T17:00:00+08:00',
    };
    expect(applyWindowText(window)).toBe('2026-11-01 09:00 至 2026-12-20 17:00');
    expect(applyWindowText({ ...window, ClosedEarlyTime: '2026-11-24T12:00:00+08:00' })).toBe(
      '2026-11-01 09:00 至 2026-12-20 17:00（已于 2026-11-24 12:00 提前截止）',
    );
  });
  it('an exam is one sitting, or an online exam open until a deadline (随报随考)', () => {
    expect(examTimeText({ ExamStartTime: null, ExamEndTime: null })).toBe('另行通知');
    expect(
      examTimeText({
        ExamStartTime: '2026-07-01T09:00:00+08:00',
        ExamEndTime: '2026-07-01T11:00:00+08:00',
      }),
    ).toBe('2026-07-01 09:00 至 11:00');
    expect(
      examTimeText({
        ExamStartTime: '2027-02-08T22:42:00+08:00',
        ExamEndTime: '2027-02-09T01:42:00+08:00',
      }),
    ).toBe('2027-02-08 22:42 至 2027-02-09 01:42');
    expect(
      examTimeText({
        ExamStartTime: '2026-06-01T09:00:00+08:00',
        ExamEndTime: '2026-07-20T18:00:00+08:00',
      }),
    ).toBe('随报随考，2026-07-20 18:00 前完成');
  });
});
