import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the identity provider keeps between requests (sessions, interactions, grants, …),
 * one row per stored model instance; rows past expires_at are dead and swept.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text().notNull(),
    model: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    uid: text(),
    userCode: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id').on(t.model, t.grantId),
    index('oidc_payloads_uid').on(t.model, t.uid),
    index('oidc_payloads_user_code').on(t.model, t.userCode),
    index('oidc_payloads_expires_at').on(t.expiresAt),
  ],
);
