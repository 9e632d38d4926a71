import {
  boolean,
  index,
  jsonb,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

export const NOTIFICATION_KINDS = [
  'review_decided',
  'fee_due',
  'exam_day_before',
  'exam_hour_before',
  'ticket_open',
  'result_out',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** skipped: not sent on purpose (the channel is off in this deployment). */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
/** A text message to the account's number; a template message to its 公众号 openid, when bound. */
export const NOTIFICATION_CHANNELS = ['sms', 'wechat'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Messages told outside the site (domain/notices/outbox.ts): written with the event they tell of,
 * delivered by the notification job. One row per (application, kind, occasion, channel), so a
 * message is written once however often its event or the sweep comes round; a row is claimed
 * (sending) before the gateway is asked, so it is never sent twice.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** No foreign key: applications live in another area. */
    applicationId: integer().notNull(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    /** What makes this message different from an earlier one of its kind (a decision's time, a deadline). */
    occasion: text().notNull(),
    channel: text({ enum: NOTIFICATION_CHANNELS }).notNull().default('sms'),
    /** The full text (the demo outbox's); a provider's template gets `params` instead. */
    text: text().notNull(),
    /** The template's values by name (project, time, …): no personal data beyond what the text says. */
    params: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text({ enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_outbox_once').on(t.applicationId, t.kind, t.occasion, t.channel),
    index('notification_outbox_due').on(t.status, t.nextAttemptAt),
  ],
);
export type NotificationRow = typeof notificationOutbox.$inferSelect;
