import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The last scheduled time each job was run for (platform/scheduled-jobs.ts): every instance's
 * timer fires at that time, and the first to move this forward runs it; the others skip it.
 */
export const scheduledJobTicks = pgTable('scheduled_job_ticks', {
  job: varchar({ length: 100 }).primaryKey(),
  tick: timestamp({ withTimezone: true }).notNull(),
});
