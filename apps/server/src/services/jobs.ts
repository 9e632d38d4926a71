import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { loggableError } from './errors.js';

/**
 * A job on a croner schedule (seconds first, Beijing time): one pass at a time, a failed pass
 * logged. When the app closes (a shutdown) the schedule stops and a pass under way finishes
 * before the close goes on to the database pool.
 */
export function scheduleJob(
  app: FastifyInstance,
  name: string,
  schedule: string,
  run: () => Promise<void>,
): void {
  let pass: Promise<void> = Promise.resolve();
  const job = new Cron(
    schedule,
    { timezone: 'Asia/Shanghai', protect: true, unref: true },
    () =>
      (pass = run().catch((error: unknown) =>
        app.log.error({ job: name, failure: loggableError(error) }, `${name} failed`),
      )),
  );
  app.addHook('onClose', async () => {
    job.stop();
    await pass;
  });
}
