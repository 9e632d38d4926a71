import type { FormValues } from '@portal/contracts';
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { sealedJson } from './sealed.js';
import { users } from './accounts.js';

/** The values a user keeps to pre-fill application forms (User/GetUserApplyArchive). */
export const userApplyArchives = pgTable('user_apply_archives', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  values: sealedJson<FormValues>()().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
