import { idSchema } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applications } from '../db/schema/index.js';
import { notFound } from '../domain/errors.js';
import { reviewApplication, startReview } from '../domain/applications/review.js';
import { answerScoreReview, publishScores } from '../domain/scores/scores.js';
import type { AppDeps } from '../platform/deps.js';
import { ok } from '../platform/envelope.js';
import { runAccountErasure } from '../services/exam-flow/retention-job.js';
import { tablesHolding } from './data-search.js';

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

  // The account erasure as it would run DaysLater days from now (the journeys cannot wait out a
  // cooling-off), and a search of every table for a text: what is left of a person.
  app.post('/dev/account-erasure', async (request) => {
    const input = z
      .object({ DaysLater: z.number().int().min(0).max(3650) })
      .parse(request.body ?? {});
    const later = new Date(deps.now().getTime() + input.DaysLater * 24 * 3600_000);
    return ok({ Erased: await runAccountErasure(app, deps, later) });
  });
  app.post('/dev/data-search', async (request) => {
    const input = z.object({ Text: z.string().min(2).max(100) }).parse(request.body ?? {});
    return ok({ Tables: await tablesHolding(deps.db, input.Text) });
  });

  // The organiser's side of results: publish a project's scores now (opening a 复核 window of
  // ReviewDays), take up a 复核 (Answer omitted) or answer it, with the score after it.
  app.post('/dev/scores/publish', async (request) => {
    const input = z
      .object({
        ProjectId: idSchema,
        PassLine: z.number().int().min(0).max(1000).nullable().optional(),
        ReviewDays: z.number().int().min(0).max(60).optional(),
      })
      .parse(request.body ?? {});
    await publishScores(
      deps.db,
      input.ProjectId,
      { passLine: input.PassLine, reviewDays: input.ReviewDays },
      deps.now(),
    );
    return ok({ ProjectId: input.ProjectId });
  });
  app.post('/dev/score-review', async (request) => {
    const input = z
      .object({
        ReviewId: idSchema,
        Answer: z.string().trim().min(1).max(500).optional(),
        ScoreAfter: z.number().int().min(0).max(1000).optional(),
      })
      .parse(request.body ?? {});
    const review = await answerScoreReview(
      deps.db,
      input.ReviewId,
      input.Answer === undefined
        ? 'start'
        : {
            answer: input.Answer,
            ...(input.ScoreAfter !== undefined ? { scoreAfter: input.ScoreAfter } : {}),
          },
      deps.now(),
    );
    return ok({ ReviewId: review.id, Status: review.status });
  });
}
