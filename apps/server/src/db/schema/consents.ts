import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { sealedText } from './sealed.js';
import { applications } from './applications.js';

const time = () => timestamp({ withTimezone: true });

export const CONSENT_KINDS = [
  'user-agreement',
  'privacy-policy',
  'sensitive-information',
  'guardian',
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** What a person agreed to, which version, when and from where (GB/T 35273 5.4, PIPL art. 14). */
export const consents = pgTable(
  'consents',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text({ enum: CONSENT_KINDS }).notNull(),
    /** A policy's version, or a form's (its sensitive fields' digest) for sensitive information. */
    version: varchar({ length: 64 }).notNull(),
    /** The application a consent for sensitive information was given with. */
    applicationId: integer().references(() => applications.id),
    /** The address it came from. */
    address: varchar({ length: 64 }),
    /** A guardian's consent for a child under 14: who gave it, and the mobile a code proved. */
    guardianName: sealedText(),
    guardianMobile: sealedText(),
    grantedAt: time().notNull(),
    withdrawnAt: time(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.kind),
    index('consents_application_idx').on(t.applicationId),
  ],
);
