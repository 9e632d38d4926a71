import {
  DEFAULT_LEAVE_THRESHOLD_SECONDS,
  EXAM_QUESTION_TYPES,
  MULTIPLE_SCORING,
  SUBMITTED_BY,
  type ExamLeave,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { applications } from './applications.js';
import { projects } from './projects.js';

const time = () => timestamp({ withTimezone: true });

export const examPapers = pgTable(
  'exam_papers',
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    title: text().notNull(),
    durationSeconds: integer().notNull(),
    multipleScoring: text({ enum: MULTIPLE_SCORING }).notNull().default('AllOrNothing'),
    /** Leaving the page more often than this submits the attempt; null: no limit. */
    leaveLimit: integer(),
    /** An absence from the page counts only when it lasts longer than this many seconds. */
    leaveThresholdSeconds: integer().notNull().default(DEFAULT_LEAVE_THRESHOLD_SECONDS),
    /** Whether the result screen shows which answers were right. */
    showCorrectness: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex('exam_papers_project_unique').on(t.projectId)],
);

export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial().primaryKey(),
    paperId: integer()
      .notNull()
      .references(() => examPapers.id),
    type: text({ enum: EXAM_QUESTION_TYPES }).notNull(),
    content: text().notNull(),
    options: jsonb().$type<{ Key: string; Text: string }[]>().notNull(),
    /** The right option keys (fill-in-the-blank: the accepted texts); never leaves the server. */
    answer: jsonb().$type<string[]>().notNull(),
    score: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.paperId)],
);

/** One submission per application: the unique index makes a second one impossible. */
export const examSubmissions = pgTable(
  'exam_submissions',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    paperId: integer()
      .notNull()
      .references(() => examPapers.id),
    answers: jsonb().$type<{ QuestionId: number; Choices: string[] }[]>().notNull(),
    score: integer().notNull(),
    totalScore: integer().notNull(),
    submittedAt: time().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exam_submissions_application_unique').on(t.applicationId)],
);

/**
 * The candidate's attempt: one per application, started and timed by the server, resumed by any
 * device. `seed` fixes this candidate's question and option order.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    paperId: integer()
      .notNull()
      .references(() => examPapers.id),
    seed: integer().notNull(),
    startedAt: time().notNull(),
    deadlineAt: time().notNull(),
    revision: integer().notNull().default(0),
    answers: jsonb().$type<{ QuestionId: number; Choices: string[] }[]>().notNull().default([]),
    flagged: jsonb().$type<number[]>().notNull().default([]),
    savedAt: time(),
    /** Counted absences only: those longer than the paper's threshold. */
    leaveCount: integer().notNull().default(0),
    /** The server's time of the page's Hidden report while it has not reported Back. */
    hiddenAt: time(),
    /** Every absence that ended, as the candidate's leave log shows it. */
    leaves: jsonb().$type<ExamLeave[]>().notNull().default([]),
    submittedAt: time(),
    submittedBy: text({ enum: SUBMITTED_BY }),
    score: integer(),
    totalScore: integer(),
  },
  (t) => [
    uniqueIndex('exam_attempts_application_unique').on(t.applicationId),
    // The sweep looks only at attempts still open.
    index('exam_attempts_open_deadline')
      .on(t.deadlineAt)
      .where(sql`${t.submittedAt} is null`),
  ],
);

/**
 * Practice attempts (issue 30, point 19) on the built-in sample paper: as many per application as
 * the candidate starts, at most one open (resumed by any device); never scored, never read by the
 * results, the sweep or the real attempt.
 */
export const examPracticeAttempts = pgTable(
  'exam_practice_attempts',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    seed: integer().notNull(),
    startedAt: time().notNull(),
    deadlineAt: time().notNull(),
    revision: integer().notNull().default(0),
    answers: jsonb().$type<{ QuestionId: number; Choices: string[] }[]>().notNull().default([]),
    flagged: jsonb().$type<number[]>().notNull().default([]),
    savedAt: time(),
    submittedAt: time(),
    submittedBy: text({ enum: SUBMITTED_BY }),
  },
  (t) => [index('exam_practice_attempts_application').on(t.applicationId, t.startedAt)],
);

/**
 * Extra time an organiser approved for a candidate on a paper (合理便利, e.g. +30% or +50% for a
 * candidate with a disability): the server adds it to the attempt's deadline.
 */
export const examAccommodations = pgTable(
  'exam_accommodations',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    paperId: integer()
      .notNull()
      .references(() => examPapers.id),
    extraTimePercent: integer().notNull(),
    /** Who approved it and when, for the record. */
    approvedBy: text().notNull(),
    approvedAt: time().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exam_accommodations_user_paper_unique').on(t.userId, t.paperId),
    check('exam_accommodations_percent_range', sql`${t.extraTimePercent} between 1 and 200`),
  ],
);
