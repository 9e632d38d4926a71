import { describe, expect, it } from 'vitest';
import { examOpenOverDays, refundDeadline } from './project-state.js';

const at = (iso: string) => new Date(iso);

describe('refundDeadline: until when a paid fee may come back', () => {
  it('is the start of a sitting, however late it ends (past midnight included)', () => {
    const start = at('2027-02-08T14:42:00Z');
    expect(refundDeadline(start, at('2027-02-08T17:42:00Z'))).toEqual(start);
    expect(examOpenOverDays(start, at('2027-02-08T17:42:00Z'))).toBe(false);
  });

  it('is the end of an online exam open over days (随报随考), which may already have opened', () => {
    // The demo's self-paced exam opened yesterday: before, the policy read 「最晚于考试开始（昨天）前」
    // on the day of paying, and no paid candidate could ever ask a refund.
    const end = at('2027-01-25T13:30:00Z');
    expect(refundDeadline(at('2026-11-25T13:59:00Z'), end)).toEqual(end);
    expect(examOpenOverDays(at('2026-11-25T13:59:00Z'), end)).toBe(true);
  });

  it('is open when the exam time is not set yet', () => {
    expect(refundDeadline(null, null)).toBeNull();
    expect(refundDeadline(null, at('2027-01-25T13:30:00Z'))).toBeNull();
  });
});
