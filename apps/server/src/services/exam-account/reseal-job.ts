import type { FastifyInstance } from 'fastify';
import { resealPersonalData } from '../../domain/privacy/sealing.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every hour at a quarter past; and once at start, so a rotated key takes over soon after. */
export const RESEAL_SCHEDULE = '0 15 * * * *';

/** Personal data sealed under an older key (or not at all) is sealed under the newest. */
export function startPersonalDataResealing(app: FastifyInstance, deps: AppDeps): void {
  const job = scheduleAppJob(app, {
    name: 'personal data reseal',
    schedule: RESEAL_SCHEDULE,
    sharedBy: deps.db,
    run: async () => {
      const resealed = await resealPersonalData(deps);
      if (resealed > 0) app.log.info({ resealed }, 'personal data sealed under the newest key');
    },
  });
  // Not awaited: the server answers while it runs, on one instance at a time.
  app.addHook('onReady', () => {
    void job.runNow();
  });
}
