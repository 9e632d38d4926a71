import { APPLY_STATUSES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_NO_OTHER_POSITION,
  CHANGE_NOT_ALLOWED,
  CHANGE_WINDOW_OVER,
  PAID_CHANGE_REFUSED,
  positionChangeRefusal,
} from './position-change-rule.js';

const now = new Date('2026-12-01T04:00:00Z');
const DAY = 24 * 3600_000;
const open = {
  positionChangeAllowed: true,
  applyStartAt: new Date(now.getTime() - 10 * DAY),
  applyEndAt: new Date(now.getTime() + 10 * DAY),
  examEndAt: new Date(now.getTime() + 40 * DAY),
  closedAt: null,
  finishedAt: null,
};

describe('改报: when a candidate may change position', () => {
  it('is allowed before the review decides, or approved and unpaid — nowhere else', () => {
    const allowed = APPLY_STATUSES.filter((s) => positionChangeRefusal(s, open, 2, now) === null);
    expect(allowed).toEqual(['Submitted', 'UnderReview', 'Returned', 'Approved']);
    expect(positionChangeRefusal('Paid', open, 2, now)).toBe(PAID_CHANGE_REFUSED);
    expect(positionChangeRefusal('Rejected', open, 2, now)).toBe(
      '报名当前状态为“审核未通过”，不能更换报考岗位',
    );
    expect(positionChangeRefusal('Withdrawn', open, 2, now)).toBe(
      '报名已撤回，请在报名时间内重新报名并选择岗位',
    );
  });

  it('only while the apply window is open: not after its end, not once closed early', () => {
    const ended = { ...open, applyEndAt: new Date(now.getTime() - 1000) };
    expect(positionChangeRefusal('Submitted', ended, 2, now)).toBe(CHANGE_WINDOW_OVER);
    const closedEarly = { ...open, closedAt: new Date(now.getTime() - DAY) };
    expect(positionChangeRefusal('UnderReview', closedEarly, 2, now)).toBe(CHANGE_WINDOW_OVER);
    // The last moment of the window still counts.
    const lastMoment = { ...open, applyEndAt: now };
    expect(positionChangeRefusal('Submitted', lastMoment, 2, now)).toBeNull();
  });

  it('only where the project allows it and has another position', () => {
    const forbidden = { ...open, positionChangeAllowed: false };
    expect(positionChangeRefusal('Submitted', forbidden, 3, now)).toBe(CHANGE_NOT_ALLOWED);
    expect(positionChangeRefusal('Submitted', open, 1, now)).toBe(CHANGE_NO_OTHER_POSITION);
  });
});
