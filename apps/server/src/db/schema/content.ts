import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './accounts.js';

/** CommonSolution/*: the platform's published solutions (rich articles). */
export const commonSolutions = pgTable(
  'common_solutions',
  {
    id: serial().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    title: text().notNull(),
    summary: text().notNull(),
    coverUrl: text().notNull().default(''),
    /** Rich text (sanitised HTML). */
    content: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('common_solutions_published').on(t.publishedAt)],
);

/** ExternalProject/GetList: projects run on other sites, linked to. */
export const externalProjects = pgTable(
  'external_projects',
  {
    id: serial().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    title: text().notNull(),
    organizer: text().notNull(),
    summary: text().notNull(),
    url: text().notNull(),
    applyEndAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('external_projects_apply_end').on(t.applyEndAt)],
);
