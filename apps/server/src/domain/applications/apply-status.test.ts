import { APPLY_STATUSES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { APPLY_TRANSITIONS, assertTransition, canTransition } from './apply-status.js';

describe('the application status machine', () => {
  it('walks draft → submitted → under review → approved → paid → ticket issued → finished', () => {
    const path = [
      'Draft',
      'Submitted',
      'UnderReview',
      'Approved',
      'Paid',
      'TicketIssued',
      'Finished',
    ] as const;
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  });
  it('a returned application goes back to submitted, or is withdrawn', () => {
    expect(APPLY_TRANSITIONS.Returned).toEqual(['Submitted', 'Withdrawn']);
  });
  it('is withdrawn only before the review decides or approved and unpaid, and applied again from there', () => {
    const withdrawable = APPLY_STATUSES.filter((from) => canTransition(from, 'Withdrawn'));
    expect(withdrawable).toEqual(['Submitted', 'UnderReview', 'Returned', 'Approved']);
    expect(APPLY_TRANSITIONS.Withdrawn).toEqual(['Submitted']);
  });
  it('goes back to review (submitted) on 改报 only before the review decides or approved and unpaid', () => {
    const changeable = APPLY_STATUSES.filter((from) => canTransition(from, 'Submitted'));
    expect(changeable).toEqual([
      'Draft',
      'Submitted',
      'UnderReview',
      'Returned',
      'Approved',
      'Withdrawn',
    ]);
    expect(canTransition('Paid', 'Submitted')).toBe(false);
  });
  it('rejected and finished are final', () => {
    for (const to of APPLY_STATUSES) {
      expect(canTransition('Rejected', to)).toBe(false);
      expect(canTransition('Finished', to)).toBe(false);
    }
  });
  it('never skips review or payment', () => {
    expect(canTransition('Submitted', 'Paid')).toBe(false);
    expect(canTransition('Draft', 'Approved')).toBe(false);
    expect(canTransition('Returned', 'Approved')).toBe(false);
  });
  it('refuses an illegal move with a Chinese 409', () => {
    expect(() => assertTransition('Rejected', 'Approved')).toThrow(
      '报名当前状态为“审核未通过”，不能变更为“审核通过”',
    );
    try {
      assertTransition('Finished', 'Paid');
    } catch (error) {
      expect((error as { status: number }).status).toBe(409);
    }
  });
});
