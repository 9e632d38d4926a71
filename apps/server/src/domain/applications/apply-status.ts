import { APPLY_STATUS_TEXT, type ApplyStatus } from '@portal/contracts';
import { conflict } from '../errors.js';

/** The application status machine (issue §3); every change goes through here. */
export const APPLY_TRANSITIONS: Record<ApplyStatus, readonly ApplyStatus[]> = {
  Draft: ['Submitted'],
  // Submitted again in place: 改报 (ProjectApply/ChangePosition) starts the review over.
  Submitted: ['UnderReview', 'Returned', 'Rejected', 'Approved', 'Withdrawn', 'Submitted'],
  UnderReview: ['Returned', 'Rejected', 'Approved', 'Withdrawn', 'Submitted'],
  Returned: ['Submitted', 'Withdrawn'],
  Rejected: [],
  // A free project goes straight to the ticket; an unpaid one may be withdrawn or change position.
  Approved: ['Paid', 'TicketIssued', 'Withdrawn', 'Submitted'],
  // The online exam may be taken before the ticket is printed; a refunded fee goes back to Approved.
  Paid: ['TicketIssued', 'Finished', 'Approved'],
  TicketIssued: ['Finished'],
  Finished: [],
  // Applied again (ProjectApply/Apply while the window is open).
  Withdrawn: ['Submitted'],
};

export function canTransition(from: ApplyStatus, to: ApplyStatus): boolean {
  return APPLY_TRANSITIONS[from].includes(to);
}

/** Throws a 409 a person understands when the move is not allowed. */
export function assertTransition(from: ApplyStatus, to: ApplyStatus): void {
  if (!canTransition(from, to))
    throw conflict(
      `报名当前状态为“${APPLY_STATUS_TEXT[from]}”，不能变更为“${APPLY_STATUS_TEXT[to]}”`,
    );
}

/** Statuses in which the candidate is still on the way (in-progress lists). */
export const RUNNING_APPLY_STATUSES: readonly ApplyStatus[] = [
  'Draft',
  'Submitted',
  'UnderReview',
  'Returned',
  'Approved',
  'Paid',
  'TicketIssued',
];
