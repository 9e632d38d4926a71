import { APPLY_STATUSES, type FormValues } from '@portal/contracts';
import { sealedJson } from './sealed.js';
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { positions, projects } from './projects.js';

const time = () => timestamp({ withTimezone: true });

export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    positionId: integer()
      .notNull()
      .references(() => positions.id),
    values: sealedJson<FormValues>()().notNull(),
    status: text({ enum: APPLY_STATUSES }).notNull(),
    reviewRemark: text(),
    /** Given at the first print of the admission ticket. */
    ticketNo: varchar({ length: 32 }),
    /** A venue exam's seat across the project's rooms, given with the ticket (see examSeatOf). */
    examSeat: integer(),
    examScore: integer(),
    submittedAt: time(),
    reviewedAt: time(),
    /** Its sensitive values and files were erased, the project's retention period over. */
    sensitiveErasedAt: time(),
    createdAt: time().notNull().defaultNow(),
    updatedAt: time().notNull().defaultNow(),
  },
  (t) => [
    // One application per candidate and project.
    uniqueIndex('applications_user_project_unique').on(t.userId, t.projectId),
    uniqueIndex('applications_ticket_no_unique').on(t.ticketNo),
    uniqueIndex('applications_project_exam_seat_unique').on(t.projectId, t.examSeat),
    index().on(t.projectId),
  ],
);
export type ApplicationRow = typeof applications.$inferSelect;

/** The flow's history: every status change, who made it and why. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: serial().primaryKey(),
    applicationId: integer()
      .notNull()
      .references(() => applications.id),
    fromStatus: text({ enum: APPLY_STATUSES }),
    toStatus: text({ enum: APPLY_STATUSES }).notNull(),
    actor: text({ enum: ['candidate', 'reviewer', 'system'] }).notNull(),
    remark: text(),
    createdAt: time().notNull().defaultNow(),
  },
  (t) => [index().on(t.applicationId)],
);
