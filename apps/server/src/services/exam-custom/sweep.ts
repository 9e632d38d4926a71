import type { FastifyInstance } from 'fastify';
import { submitExpiredAttempts, SWEEP_INTERVAL_MS } from '../../domain/exams.js';
import type { AppDeps } from '../../platform/deps.js';

/**
 * Submits attempts whose time ran out while no page was open. Every exam call also settles its own
 * attempt on access; the sweep covers the candidate who never comes back. Safe on many processes:
 * each attempt is submitted once whoever gets there first.
 */
export function startExamSweep(app: FastifyInstance, deps: AppDeps): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    submitExpiredAttempts(deps.db, deps.now())
      .catch((error: unknown) => deps.log?.error({ err: error }, 'exam sweep failed'))
      .finally(() => (running = false));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
