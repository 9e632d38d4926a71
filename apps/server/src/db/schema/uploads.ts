import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * Common/Upload's files: each belongs to the account that made it and lies in the file store
 * (FILE_STORE) under storedName. attachedAt: first named by something kept (an application, the archive, the
 * avatar); a file never attached is deleted a day after its upload.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar({ length: 64 }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    storedName: varchar({ length: 80 }).notNull(),
    fileName: text().notNull(),
    contentType: varchar({ length: 100 }).notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('uploads_user_id_index').on(t.userId),
    // The daily cleanup reads only uploads never attached.
    index('uploads_unattached_created_at_index')
      .on(t.createdAt)
      .where(sql`${t.attachedAt} is null`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;
