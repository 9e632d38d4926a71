import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
  },
  (t) => [uniqueIndex('exam_papers_project_unique').on(t.projectId)],
);

export const EXAM_QUESTION_TYPES = ['single', 'multiple', 'judge'] as const;
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
    /** The right option keys; never leaves the server. */
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
