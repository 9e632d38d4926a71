import { sql } from 'drizzle-orm';
import { sealedText } from './sealed.js';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: serial().primaryKey(),
  name: text().notNull(),
  logoUrl: text().notNull().default(''),
  servicePhone: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Host names a tenant's portal answers on (PageConfig/GetPageConfig; unknown → IsNotFound). */
export const tenantDomains = pgTable('tenant_domains', {
  domain: varchar({ length: 253 }).primaryKey(),
  tenantId: integer()
    .notNull()
    .references(() => tenants.id),
});

export const USER_STATUSES = ['active', 'closed'] as const;

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    /** Null once the account is closed, so the number can sign up again. */
    mobile: varchar({ length: 11 }),
    closedMobile: varchar({ length: 11 }),
    name: text().notNull(),
    passwordHash: text().notNull(),
    headPortrait: text().notNull().default(''),
    isRealName: boolean().notNull().default(false),
    realName: text(),
    /** Sealed at rest; found and kept unique by idNumberIndex. */
    idNumber: sealedText(),
    /** The ID number's blind index (platform/sealed-values.ts blindIndex). */
    idNumberIndex: varchar({ length: 64 }),
    /** The 公众号's openid (网页授权 inside WeChat; the WeChat Pay JSAPI payer). */
    weChatOpenId: text(),
    /** The website app's openid (QR sign-in on a PC). */
    weChatWebOpenId: text(),
    /** One person across both apps (WeChat gives it once the apps share an open-platform account). */
    weChatUnionId: text(),
    weChatNickName: text(),
    weChatHeadImgUrl: text(),
    weChatBindAt: timestamp({ withTimezone: true }),
    status: text({ enum: USER_STATUSES }).notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Closing starts the cooling-off; signing in within it reopens the account. */
    closedAt: timestamp({ withTimezone: true }),
    /** The cooling-off over, its personal data erased (domain/privacy/account-erasure.ts). */
    erasedAt: timestamp({ withTimezone: true }),
    /** The optional text messages (reminders) are sent; review decisions go regardless. */
    remindersOn: boolean().notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_mobile_unique').on(t.mobile),
    uniqueIndex('users_wechat_open_id_unique').on(t.weChatOpenId),
    uniqueIndex('users_wechat_web_open_id_unique').on(t.weChatWebOpenId),
    uniqueIndex('users_wechat_union_id_unique').on(t.weChatUnionId),
    // One ID number, one verified active account; a closed account frees it.
    uniqueIndex('users_verified_id_number_unique')
      .on(t.idNumberIndex)
      .where(sql`${t.isRealName} and ${t.status} = 'active'`),
    // The erasure job reads only closed accounts not yet erased.
    index('users_closing_index')
      .on(t.closedAt)
      .where(sql`${t.status} = 'closed' and ${t.erasedAt} is null`),
  ],
);
export type UserRow = typeof users.$inferSelect;
