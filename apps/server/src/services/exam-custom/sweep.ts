import type { FastifyInstance } from 'fastify';
import { submitExpiredAttempts } from '../../domain/exams/exams.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every 30 seconds: a candidate whose time ran out sees the paper submitted within half a minute. */
export const EXAM_SWEEP_SCHEDULE = '*/30 * * * * *';

/**
 * Submits attempts whose time ran out while no page was open. Every exam call also settles its own
 * attempt on access; the sweep covers the candidate who never comes back. Each attempt is submitted
 * once whoever gets there first, and the sweep runs on one instance at a time.
 */
export function startExamSweep(app: FastifyInstance, deps: AppDeps): void {
  scheduleAppJob(app, {
    name: 'exam sweep',
    schedule: EXAM_SWEEP_SCHEDULE,
    sharedBy: deps.db,
    run: () => submitExpiredAttempts(deps.db, deps.now()),
  });
}
