import type { FormField } from '@portal/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenants, users } from './accounts.js';

const time = () => timestamp({ withTimezone: true });

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  tenantId: integer()
    .notNull()
    .references(() => tenants.id),
  name: text().notNull(),
  sort: integer().notNull().default(0),
});

export const LABEL_KINDS = ['home', 'find'] as const;

/** Home labels (flat, with icon and colour) and find labels (a tree through parentId). */
export const labels = pgTable(
  'labels',
  {
    id: serial().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    kind: text({ enum: LABEL_KINDS }).notNull(),
    parentId: integer(),
    name: text().notNull(),
    icon: text().notNull().default(''),
    color: text().notNull().default(''),
    sort: integer().notNull().default(0),
  },
  (t) => [index('labels_tenant_kind_idx').on(t.tenantId, t.kind)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial().primaryKey(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    title: text().notNull(),
    organizer: text().notNull(),
    coverUrl: text().notNull().default(''),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    applyStartAt: time().notNull(),
    applyEndAt: time().notNull(),
    examStartAt: time(),
    examEndAt: time(),
    examPlace: text().notNull().default(''),
    /** When a paid candidate may print the admission ticket (and is told so); null: once paid. */
    ticketOpensAt: time(),
    feeInFen: integer().notNull().default(0),
    /** The organiser allows a paid fee back while the application has not gone past payment. */
    refundable: boolean().notNull().default(false),
    /** The organiser lets a candidate change position (改报) while applications are open. */
    positionChangeAllowed: boolean().notNull().default(true),
    /** Set by the organiser to stop applications early; the state is derived, never stored. */
    closedAt: time(),
    finishedAt: time(),
    introduction: text().notNull().default(''),
    contactPhone: text().notNull().default(''),
    hasOnlineExam: boolean().notNull().default(false),
    /**
     * When the organiser publishes the scores: before it, a score is hidden and this is the time
     * results are expected; from it, each candidate sees their own. Null: not announced.
     */
    scoresPublishAt: time(),
    /** The line for the next stage (进入下一环节), when the organiser gives one. */
    scorePassLine: integer(),
    /** The organiser's window for 复核 requests. */
    scoreReviewStartAt: time(),
    scoreReviewEndAt: time(),
    sort: integer().notNull().default(0),
    createdAt: time().notNull().defaultNow(),
    /**
     * The list's state order (0 applying, 1 not started, 2 closed, 3 finished), stored so an index
     * serves it, valid while rankFrom <= now < rankUntil. A new row, and a row whose title, times
     * or order change (trigger projects_list_dirty), has rankUntil -infinity: the list statement
     * recomputes the rows outside their window before it reads (domain/projects/project-list.ts).
     */
    listRank: smallint().notNull().default(9),
    rankFrom: time()
      .notNull()
      .default(sql`'-infinity'`),
    rankUntil: time()
      .notNull()
      .default(sql`'-infinity'`),
    /** Every 1- and 2-character piece of the title and organiser (portal_grams, migration 0004). */
    searchGrams: text()
      .array()
      .generatedAlwaysAs(sql`portal_grams(lower(title || ' ' || organizer))`),
  },
  (t) => [
    index('projects_tenant_idx').on(t.tenantId, t.applyEndAt),
    index('projects_list_idx').on(
      t.tenantId,
      t.listRank,
      t.sort,
      t.applyStartAt.desc(),
      t.id.desc(),
    ),
    index('projects_rank_from_idx').on(t.rankFrom),
    index('projects_rank_until_idx').on(t.rankUntil),
    // Keyword search (docs/decisions.md, "The project list"): trigrams for 3+ characters,
    // unigrams and bigrams (portal_grams, migration 0004) for 1-2.
    index('projects_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.organizer}) gin_trgm_ops`,
    ),
    index('projects_search_grams_idx').using('gin', t.searchGrams),
  ],
);
export type ProjectRow = typeof projects.$inferSelect;

export const projectLabels = pgTable(
  'project_labels',
  {
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    labelId: integer()
      .notNull()
      .references(() => labels.id),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.labelId] }), index().on(t.labelId)],
);

export const positions = pgTable(
  'positions',
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    code: varchar({ length: 32 }).notNull(),
    name: text().notNull(),
    department: text().notNull(),
    quota: integer().notNull().default(1),
    requirements: text().notNull().default(''),
    sort: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('positions_project_code_unique').on(t.projectId, t.code)],
);

/** One application form per project; its fields are the contract's FormField list. */
export const forms = pgTable(
  'forms',
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    title: text().notNull(),
    fields: jsonb().$type<FormField[]>().notNull(),
  },
  (t) => [uniqueIndex('forms_project_unique').on(t.projectId)],
);

export const projectFollows = pgTable(
  'project_follows',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    createdAt: time().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** One row per user and project; a new visit moves its time forward. */
export const browseHistory = pgTable(
  'browse_history',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    browsedAt: time().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index().on(t.userId, t.browsedAt)],
);

export const projectQuestions = pgTable(
  'project_questions',
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    content: text().notNull(),
    answer: text(),
    answeredAt: time(),
    /** The organiser publishes an answered question for everyone. */
    isOpen: boolean().notNull().default(false),
    createdAt: time().notNull().defaultNow(),
  },
  (t) => [index().on(t.projectId), index().on(t.userId)],
);

export const projectNotices = pgTable(
  'project_notices',
  {
    id: serial().primaryKey(),
    projectId: integer()
      .notNull()
      .references(() => projects.id),
    title: text().notNull(),
    content: text().notNull(),
    publishedAt: time().notNull(),
  },
  (t) => [index().on(t.projectId)],
);

export const homeBanners = pgTable('home_banners', {
  id: serial().primaryKey(),
  tenantId: integer()
    .notNull()
    .references(() => tenants.id),
  title: text().notNull(),
  imageUrl: text().notNull(),
  projectId: integer().references(() => projects.id),
  sort: integer().notNull().default(0),
});

export const HOME_SECTION_STYLES = ['list', 'card'] as const;
export const homeSections = pgTable('home_sections', {
  id: serial().primaryKey(),
  tenantId: integer()
    .notNull()
    .references(() => tenants.id),
  title: text().notNull(),
  labelId: integer()
    .notNull()
    .references(() => labels.id),
  style: text({ enum: HOME_SECTION_STYLES }).notNull().default('list'),
  maxItems: integer().notNull().default(4),
  sort: integer().notNull().default(0),
});

export const equityPackages = pgTable('equity_packages', {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  priceInFen: integer().notNull(),
  durationDays: integer().notNull(),
  features: jsonb().$type<string[]>().notNull(),
  sort: integer().notNull().default(0),
});

export const cooperationApplications = pgTable('cooperation_applications', {
  id: serial().primaryKey(),
  userId: integer().references(() => users.id),
  companyName: text().notNull(),
  contactName: text().notNull(),
  mobile: varchar({ length: 11 }).notNull(),
  email: text().notNull().default(''),
  remark: text().notNull().default(''),
  equityId: integer().references(() => equityPackages.id),
  clientIp: text().notNull().default(''),
  createdAt: time().notNull().defaultNow(),
});
