import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** Messages to one user (MessageNotice/*): application progress, payments, reminders. */
export const userMessages = pgTable(
  'user_messages',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    /** Rich text (sanitised HTML). */
    content: text().notNull(),
    /** The project it is about, if any (no foreign key: projects live in another area). */
    projectId: integer(),
    isRead: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_messages_user_created').on(t.userId, t.createdAt)],
);
export type UserMessageRow = typeof userMessages.$inferSelect;
