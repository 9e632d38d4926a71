import type { ProjectState } from '@portal/contracts';
import type { ProjectRow } from '../../db/schema/index.js';

type StateInputs = Pick<
  ProjectRow,
  'applyStartAt' | 'applyEndAt' | 'examEndAt' | 'closedAt' | 'finishedAt'
>;

/**
 * The state is derived from the times, so it is always right (the list's stored order follows
 * the same rule in SQL, portal_project_rank of migration 0004): finished once the organiser says
 * so or the exam is over; before the window not started; closed early or after the window.
 */
export function deriveProjectState(p: StateInputs, now: Date): ProjectState {
  const t = now.getTime();
  if ((p.finishedAt && p.finishedAt.getTime() <= t) || (p.examEndAt && p.examEndAt.getTime() < t))
    return 'Finished';
  if (t < p.applyStartAt.getTime()) return 'NotStarted';
  if ((p.closedAt && p.closedAt.getTime() <= t) || t > p.applyEndAt.getTime()) return 'Closed';
  return 'Applying';
}

const DAY_MS = 24 * 3600_000;

/** An online exam open over days (随报随考): each candidate sits it when they like before its end. */
export function examOpenOverDays(examStartAt: Date | null, examEndAt: Date | null): boolean {
  return !!examStartAt && !!examEndAt && examEndAt.getTime() - examStartAt.getTime() > DAY_MS;
}

/**
 * Until when a paid fee may come back: before the exam starts, or for an exam open over days
 * before its end (a candidate who has sat it or printed the ticket is past payment anyway).
 */
export function refundDeadline(examStartAt: Date | null, examEndAt: Date | null): Date | null {
  return examOpenOverDays(examStartAt, examEndAt) ? examEndAt : examStartAt;
}

/**
 * Until when an approved application's fee may be paid (docs/decisions.md, "Reminders"): until the
 * exam starts, or for an exam open over days until its end — the moment a refund is no longer
 * possible either. No exam time, no deadline.
 */
export const payDeadline = refundDeadline;
