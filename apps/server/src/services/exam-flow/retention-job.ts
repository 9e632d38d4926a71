import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ERASURE_JOB, eraseClosedAccounts } from '../../domain/privacy/account-erasure.js';
import { eraseExpiredSensitiveValues } from '../../domain/privacy/retention.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every day at 04:00 Beijing time, after the upload cleanup. */
export const RETENTION_SCHEDULE = '0 0 4 * * *';
/** Every day at 04:30 Beijing time, after the retention erasure. */
export const ACCOUNT_ERASURE_SCHEDULE = '0 30 4 * * *';

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
  scheduleAppJob(app, {
    name: ACCOUNT_ERASURE_JOB,
    schedule: ACCOUNT_ERASURE_SCHEDULE,
    sharedBy: deps.db,
    run: () => runAccountErasure(app, deps, deps.now()),
  });
}

/**
 * The daily erasure of closed accounts past their cooling-off (ACCOUNT_ERASURE_COOLING_OFF_DAYS),
 * as of `now`.
 */
export async function runAccountErasure(
  app: FastifyInstance,
  deps: AppDeps,
  now: Date,
): Promise<number> {
  const erased = await eraseClosedAccounts(
    deps.db,
    deps.gateways.files,
    now,
    deps.config.accountErasureCoolingOffDays,
  );
  app.log.info({ erased }, ACCOUNT_ERASURE_JOB);
  return erased;
}
