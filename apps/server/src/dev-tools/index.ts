import { idSchema } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applications } from '../db/schema/index.js';
import { notFound } from '../domain/errors.js';
import { reviewApplication, startReview } from '../domain/applications/review.js';
import type { AppDeps } from '../platform/deps.js';
import { ok } from '../platform/envelope.js';

const reviewSchema = z.object({
  ApplyId: idSchema,
  Decision: z.enum(['approve', 'return', 'reject']),
  Remark: z.string().trim().max(500).optional(),
});

/**
 * The development back office: the portal has no reviewer screens, so a local demo (and the
 * browser journeys, which cannot open the server's embedded database) review applications here.
 * Registered only when `config.devTools` (never in production).
 */
export async function registerDevTools(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/dev/review', async (request) => {
    const input = reviewSchema.parse(request.body ?? {});
    const [row] = await deps.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, input.ApplyId));
    if (!row) throw notFound('报名记录不存在');
    if (row.status === 'Submitted') await startReview(deps.db, input.ApplyId, deps.now());
    const reviewed = await reviewApplication(
      deps.db,
      input.ApplyId,
      input.Decision,
      input.Remark ?? null,
      deps.now(),
    );
    return ok({ ApplyId: reviewed.id, Status: reviewed.status });
  });
}
