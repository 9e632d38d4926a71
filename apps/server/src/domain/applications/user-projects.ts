import type {
  ApplyStatus,
  ApplySummary,
  Paged,
  PageQuery,
  PersonalCenterNumber,
  ProjectSummary,
} from '@portal/contracts';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  browseHistory,
  paymentOrders,
  positions,
  projectFollows,
  projects,
} from '../../db/schema/index.js';
import { RUNNING_APPLY_STATUSES } from './apply-status.js';
import { SUMMARY_APPLICATION_COLUMNS, SUMMARY_PROJECT_COLUMNS, summaryOf } from './applications.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { countUnreadMessages } from '../notices/messages.js';
import { toProjectSummaries } from '../projects/projects.js';
import { pageOf, pageWindow } from '../paging.js';
import { writeWaitingFootprints } from '../projects/footprints.js';

/** How many in-progress applications the home strip shows. */
export const RUN_PROJECT_DISPLAY_COUNT = 3;

/**
 * A page of the caller's applications with everything their summaries need, in one statement:
 * the project's facts, the position's name, the project's number of positions, the order, and
 * the count of all (a window count; a page past the end counts apart).
 */
const applicationPage = (name: string, where: SQL) =>
  preparedPerDatabase(name, (db, statementName) =>
    db
      .select({
        ...SUMMARY_APPLICATION_COLUMNS,
        project: SUMMARY_PROJECT_COLUMNS,
        positionName: positions.name,
        positionCount:
          sql<number>`(select count(*) from ${positions} as p where p.project_id = ${applications.projectId})`.mapWith(
            Number,
          ),
        orderId: sql<
          number | null
        >`(select o.id from ${paymentOrders} as o where o.application_id = ${applications.id} and o.status in ('Paid', 'Pending') order by o.status = 'Paid' desc, o.id limit 1)`,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(applications)
      .innerJoin(projects, eq(projects.id, applications.projectId))
      .leftJoin(positions, eq(positions.id, applications.positionId))
      .where(where)
      .orderBy(desc(applications.updatedAt), desc(applications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(statementName),
  );

const running = (userId: number) =>
  and(eq(applications.userId, userId), inArray(applications.status, [...RUNNING_APPLY_STATUSES]));

const ofUser = eq(applications.userId, sql.placeholder('userId'));
const everyApplication = applicationPage('user_applications', ofUser);
const applicationsOfStatus = applicationPage(
  'user_applications_of_status',
  and(ofUser, eq(applications.status, sql.placeholder('status')))!,
);
const runningApplications = applicationPage(
  'user_running_applications',
  and(ofUser, inArray(applications.status, [...RUNNING_APPLY_STATUSES]))!,
);

async function pageApplications(
  db: Database,
  statement: typeof everyApplication,
  params: { userId: number; status?: ApplyStatus },
  page: PageQuery,
  now: Date,
): Promise<Paged<ApplySummary>> {
  const window = pageWindow(page);
  const rows = await statement(db).execute({ ...params, ...window });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && window.offset > 0) {
    const [count] = await statement(db).execute({ ...params, limit: 1, offset: 0 });
    total = count?.total ?? 0;
  }
  return {
    Items: rows.map((row) => summaryOf(row, now)),
    Total: total,
    PageIndex: page.PageIndex,
    PageSize: page.PageSize,
  };
}

/** User/GetUserRunProject: applications still on their way (not finished, not rejected). */
export function listRunningApplications(db: Database, userId: number, page: PageQuery, now: Date) {
  return pageApplications(db, runningApplications, { userId }, page, now);
}

/** User/GetUserRunProjectDisplay: whether the home strip shows, and its first entries. */
export async function runningApplicationsDisplay(db: Database, userId: number, now: Date) {
  const page = await pageApplications(
    db,
    runningApplications,
    { userId },
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
  return query.Status
    ? pageApplications(db, applicationsOfStatus, { userId, status: query.Status }, query, now)
    : pageApplications(db, everyApplication, { userId }, query, now);
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
export async function listBrowsedProjects(
  db: Database,
  userId: number,
  page: PageQuery,
  now: Date,
) {
  await writeWaitingFootprints(db);
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
  await writeWaitingFootprints(db);
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
