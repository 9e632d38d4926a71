import type { FastifyInstance } from 'fastify';
import { deleteStaleDrafts } from '../../domain/applications/drafts.js';
import { deleteUnattachedUploads } from '../../domain/uploads/uploads.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every day at 03:30 Beijing time, when the fewest candidates are uploading. */
export const UPLOAD_CLEANUP_SCHEDULE = '0 30 3 * * *';

/**
 * The daily cleanup of stale drafts and of uploads never attached (deleteStaleDrafts and
 * deleteUnattachedUploads, which tests call directly). Safe on many processes: each upload is deleted once, whoever gets there first.
 */
export function startUploadCleanup(app: FastifyInstance, deps: AppDeps): void {
  scheduleAppJob(app, {
    name: 'upload cleanup',
    schedule: UPLOAD_CLEANUP_SCHEDULE,
    sharedBy: deps.db,
    run: async () => {
      // Stale drafts first, so the uploads only they named go in the same run.
      const drafts = await deleteStaleDrafts(deps.db, deps.now());
      const deleted = await deleteUnattachedUploads(deps.db, deps.gateways.files, deps.now());
      app.log.info({ ...deleted, drafts }, 'upload cleanup');
    },
  });
}
