import type { FormValues } from '@portal/contracts';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sealedJson } from './sealed.js';
import { users } from './accounts.js';
import { positions, projects } from './projects.js';

/**
 * A form being typed, kept on the server so it follows the candidate to another device
 * (ProjectApply/SaveApplyDraft). fileIds: the uploads its values name, in plain (random ids, not
 * personal data), so the daily cleanup keeps them while the draft lives. revision counts the saves:
 * a device tells from it whether another device saved since.
 */
export const applyDrafts = pgTable(
  'apply_drafts',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    positionId: integer().references(() => positions.id),
    values: sealedJson<FormValues>()().notNull(),
    fileIds: text().array().notNull(),
    revision: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('apply_drafts_user_project_index').on(t.userId, t.projectId)],
);
export type ApplyDraftRow = typeof applyDrafts.$inferSelect;
