import type { FastifyInstance } from 'fastify';
import { submitExpiredAttempts, SWEEP_SCHEDULE } from '../../domain/exams.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleJob } from '../jobs.js';

/**
 * Submits attempts whose time ran out while no page was open. Every exam call also settles its own
 * attempt on access; the sweep covers the candidate who never comes back. Safe on many processes:
 * each attempt is submitted once whoever gets there first.
 */
export function startExamSweep(app: FastifyInstance, deps: AppDeps): void {
  scheduleJob(app, 'exam sweep', SWEEP_SCHEDULE, async () => {
    await submitExpiredAttempts(deps.db, deps.now());
  });
}
