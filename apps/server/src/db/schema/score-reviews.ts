import { SCORE_REVIEW_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';

const time = () => timestamp({ withTimezone: true });

/** A candidate's 复核 request on a published score, and the organiser's answer. */
export const scoreReviews = pgTable(
  'score_reviews',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    reason: text().notNull(),
    status: text({ enum: SCORE_REVIEW_STATUSES }).notNull().default('Submitted'),
    /** The published score the request is about. */
    scoreBefore: integer().notNull(),
    /** The score after the review: the same when it did not change. */
    scoreAfter: integer(),
    answer: text(),
    createdAt: time().notNull().defaultNow(),
    reviewingAt: time(),
    answeredAt: time(),
  },
  (t) => [
    index().on(t.applicationId),
    // One open request per application: a second submission meets this index.
    uniqueIndex('score_reviews_open_unique')
      .on(t.applicationId)
      .where(sql`${t.status} <> 'Answered'`),
  ],
);
export type ScoreReviewRow = typeof scoreReviews.$inferSelect;
