import { sealedJson } from './sealed.js';
import {
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { FormValues } from '@portal/contracts';
import { tenants } from './accounts.js';
import { positions, projects } from './projects.js';

export const REVIEWER_STATUSES = ['active', 'disabled'] as const;

/** Organiser staff who preview a tenant's projects (flowPreview); never candidates. */
export const reviewers = pgTable(
  'reviewers',
  {
    id: serial().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    loginName: varchar({ length: 64 }).notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    status: text({ enum: REVIEWER_STATUSES }).notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reviewers_login_name_unique').on(t.loginName)],
);
export type ReviewerRow = typeof reviewers.$inferSelect;

/** A reviewer's test entry of a project's form: never an application, never seen by candidates. */
export const previewEntries = pgTable(
  'preview_entries',
  {
    id: serial().primaryKey(),
    reviewerId: integer()
      .notNull()
      .references(() => reviewers.id),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    positionId: integer()
      .notNull()
      .references(() => positions.id),
    values: sealedJson<FormValues>()().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('preview_entries_reviewer_project_unique').on(t.reviewerId, t.projectId)],
);
export type PreviewEntryRow = typeof previewEntries.$inferSelect;
