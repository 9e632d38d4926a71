import type {
  ApplyStatus,
  ApplySummary,
  Paged,
  PageQuery,
  PersonalCenterNumber,
  ProjectSummary,
} from '@portal/contracts';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  browseHistory,
  paymentOrders,
  projectFollows,
  projects,
} from '../../db/schema/index.js';
import { RUNNING_APPLY_STATUSES } from './apply-status.js';
import { toApplySummaries } from './applications.js';
import { countUnreadMessages } from '../notices/messages.js';
import { toProjectSummaries } from '../projects/projects.js';
import { pageOf } from '../paging.js';

/** How many in-progress applications the home strip shows. */
export const RUN_PROJECT_DISPLAY_COUNT = 3;

async function pageApplications(
  db: Database,
  where: SQL | undefined,
  page: PageQuery,
  now: Date,
): Promise<Paged<ApplySummary>> {
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(applications)
          .where(where)
          .orderBy(desc(applications.updatedAt), desc(applications.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(applications).where(where),
    },
    (rows) => toApplySummaries(db, rows, now),
  );
}

const running = (userId: number) =>
  and(eq(applications.userId, userId), inArray(applications.status, [...RUNNING_APPLY_STATUSES]));

/** User/GetUserRunProject: applications still on their way (not finished, not rejected). */
export function listRunningApplications(db: Database, userId: number, page: PageQuery, now: Date) {
  return pageApplications(db, running(userId), page, now);
}

/** User/GetUserRunProjectDisplay: whether the home strip shows, and its first entries. */
export async function runningApplicationsDisplay(db: Database, userId: number, now: Date) {
  const page = await pageApplications(
    db,
    running(userId),
    { PageIndex: 1, PageSize: RUN_PROJECT_DISPLAY_COUNT },
    now,
  );
  return { Display: page.Total > 0, Items: page.Items };
}

/** User/GetUserProject: every application of the caller, optionally of one status. */
export function listUserApplications(
  db: Database,
  userId: number,
  query: PageQuery & { Status?: ApplyStatus | undefined },
  now: Date,
) {
  const conditions = [eq(applications.userId, userId)];
  if (query.Status) conditions.push(eq(applications.status, query.Status));
  return pageApplications(db, and(...conditions), query, now);
}

async function pageProjectsWithTime<K extends string>(
  db: Database,
  table: typeof browseHistory | typeof projectFollows,
  timeColumn: typeof browseHistory.browsedAt | typeof projectFollows.createdAt,
  key: K,
  userId: number,
  page: PageQuery,
  now: Date,
): Promise<Paged<ProjectSummary & Record<K, string>>> {
  const where = eq(table.userId, userId);
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select({ project: projects, at: timeColumn })
          .from(table)
          .innerJoin(projects, eq(projects.id, table.projectId))
          .where(where)
          .orderBy(desc(timeColumn), desc(projects.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(table).where(where),
    },
    async (rows) => {
      const summaries = await toProjectSummaries(
        db,
        rows.map((r) => r.project),
        now,
      );
      return summaries.map(
        (s, i) =>
          ({ ...s, [key]: rows[i]!.at.toISOString() }) as ProjectSummary & Record<K, string>,
      );
    },
  );
}

/** User/GetUserBrowseProject: footprints, latest visit first. */
export function listBrowsedProjects(db: Database, userId: number, page: PageQuery, now: Date) {
  return pageProjectsWithTime(
    db,
    browseHistory,
    browseHistory.browsedAt,
    'BrowseTime',
    userId,
    page,
    now,
  );
}

/** User/GetUserCollectProject: followed projects, latest first. */
export function listCollectedProjects(db: Database, userId: number, page: PageQuery, now: Date) {
  return pageProjectsWithTime(
    db,
    projectFollows,
    projectFollows.createdAt,
    'CollectTime',
    userId,
    page,
    now,
  );
}

/** User/GetPersonalCenterNumber: the counters of the personal centre. */
export async function personalCenterNumbers(
  db: Database,
  userId: number,
): Promise<PersonalCenterNumber> {
  const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
  const [applyCount, runCount, orderCount, browseCount, collectCount, unread] = await Promise.all([
    db
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.userId, userId), ne(applications.status, 'Draft'))),
    db.select({ n: count() }).from(applications).where(running(userId)),
    db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, userId)),
    db.select({ n: count() }).from(browseHistory).where(eq(browseHistory.userId, userId)),
    db.select({ n: count() }).from(projectFollows).where(eq(projectFollows.userId, userId)),
    countUnreadMessages(db, userId),
  ]);
  return {
    ApplyCount: n(applyCount),
    RunProjectCount: n(runCount),
    OrderCount: n(orderCount),
    BrowseCount: n(browseCount),
    CollectCount: n(collectCount),
    UnreadMessageCount: unread,
  };
}
