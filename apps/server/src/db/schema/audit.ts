import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_RESULTS } from '@portal/contracts';
import {
  bigserial,
  char,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The audit trail of personal data (GB/T 35273 11.3; MLPS level 3): one row per event, appended
 * only (a trigger refuses UPDATE and DELETE), each row's hash taken over the previous row's hash
 * and its own content (domain/privacy/audit-trail.ts), so a changed or missing row shows.
 * Ids and masked values only: never a plain ID number or mobile.
 */
export const personalDataEvents = pgTable(
  'personal_data_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    actorKind: text({ enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The candidate's user id, the reviewer's id, or the job's name. */
    actorId: varchar({ length: 64 }).notNull(),
    /** The reviewer's or organiser's name as shown to the candidate (审核老师 陈老师). */
    actorName: varchar({ length: 64 }).notNull().default(''),
    subjectUserId: integer().notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    /** What was touched, as a code and ids (application:12, archive, profile:HeadPortrait). */
    target: varchar({ length: 120 }).notNull(),
    address: varchar({ length: 64 }).notNull(),
    result: text({ enum: AUDIT_RESULTS }).notNull(),
    prevHash: char({ length: 64 }).notNull(),
    hash: char({ length: 64 }).notNull(),
  },
  (t) => [index('personal_data_events_subject_idx').on(t.subjectUserId, t.id)],
);

export type PersonalDataEventRow = typeof personalDataEvents.$inferSelect;
