import type { FastifyInstance } from 'fastify';
import { eraseExpiredSensitiveValues } from '../../domain/privacy/retention.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every day at 04:00 Beijing time, after the upload cleanup. */
export const RETENTION_SCHEDULE = '0 0 4 * * *';

/**
 * The daily erasure of applications' sensitive values and files once their project's retention
 * period (APPLICATION_RETENTION_DAYS after the exam) is over; once across instances.
 */
export function startRetentionErasure(app: FastifyInstance, deps: AppDeps): void {
  scheduleAppJob(app, {
    name: 'retention erasure',
    schedule: RETENTION_SCHEDULE,
    sharedBy: deps.db,
    run: async () => {
      const erased = await eraseExpiredSensitiveValues(
        deps.db,
        deps.gateways.files,
        deps.now(),
        deps.config.applicationRetentionDays,
      );
      app.log.info({ erased }, 'retention erasure');
    },
  });
}
