import type { FastifyInstance } from 'fastify';
import { deliverNotifications, sweepReminders } from '../../domain/notices/outbox.js';
import type { AppDeps } from '../../platform/deps.js';
import { scheduleAppJob } from '../../platform/scheduled-jobs.js';

/** Every 15 s: a decision's SMS goes out within a quarter minute. */
export const NOTIFICATION_SCHEDULE = '*/15 * * * * *';
export const NOTIFICATION_JOB = 'notifications';

/**
 * The notification job (issue 30, point 16), once across instances: the reminder sweep writes what
 * has come due (as of the clock NOTIFY_CLOCK_OFFSET_MINUTES ahead, in a demo), then the outbox's
 * pending messages go out by SMS and, to bound accounts, by 公众号 template message.
 */
export async function runNotifications(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const now = deps.now();
  const reminded = await sweepReminders(
    deps.db,
    new Date(now.getTime() + deps.config.notifyClockOffsetMs),
  );
  const delivered = await deliverNotifications(
    deps.db,
    { sms: deps.gateways.sms, weChat: deps.gateways.weChatMessages },
    now,
  );
  if (reminded > 0 || Object.values(delivered).some((count) => count > 0))
    app.log.info({ reminded, ...delivered }, NOTIFICATION_JOB);
}

export function startNotifications(app: FastifyInstance, deps: AppDeps): void {
  scheduleAppJob(app, {
    name: NOTIFICATION_JOB,
    schedule: NOTIFICATION_SCHEDULE,
    sharedBy: deps.db,
    run: () => runNotifications(app, deps),
  });
}
