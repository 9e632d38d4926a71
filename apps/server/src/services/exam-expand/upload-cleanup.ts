import type { FastifyInstance } from 'fastify';
import { deleteUnattachedUploads } from '../../domain/uploads/uploads.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every day at 03:30 Beijing time, when the fewest candidates are uploading. */
export const UPLOAD_CLEANUP_SCHEDULE = '0 30 3 * * *';

/**
 * The daily cleanup of uploads never attached (deleteUnattachedUploads, which a test calls
 * directly). Safe on many processes: each upload is deleted once, whoever gets there first.
 */
export function startUploadCleanup(app: FastifyInstance, deps: AppDeps): void {
  scheduleAppJob(app, {
    name: 'upload cleanup',
    schedule: UPLOAD_CLEANUP_SCHEDULE,
    sharedBy: deps.db,
    run: async () => {
      const deleted = await deleteUnattachedUploads(deps.db, deps.gateways.files, deps.now());
      app.log.info(deleted, 'upload cleanup');
    },
  });
}
