import { maskName } from '@portal/contracts';
import type {
  Paged,
  PageQuery,
  Position,
  ProjectDetail,
  ProjectState,
  ProjectSummary,
  Question,
} from '@portal/contracts';
import { and, asc, count, desc, eq, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  applications,
  positions,
  projectFollows,
  projectQuestions,
  projects,
  users,
  type ProjectRow,
} from '../../db/schema/index.js';
import { processCache } from '../../platform/process-cache.js';
import { notFound } from '../errors.js';
import {
  countProjects,
  decodeCursor,
  detailRow,
  forgetCounts,
  listPage,
  summariesByIds,
  toSummary,
  type DetailRow,
  type ListFilter,
} from './project-list.js';
import { pageOf } from '../paging.js';
import { recordFootprint } from './footprints.js';

export const PROJECT_NOT_FOUND = '项目不存在或已下线';

export { deriveProjectState } from './project-state.js';

const projectOfTenant = preparedPerDatabase('project_of_tenant', (db, name) =>
  db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.id, sql.placeholder('projectId')),
        eq(projects.tenantId, sql.placeholder('tenantId')),
      ),
    )
    .prepare(name),
);

export async function requireProject(
  db: Database,
  projectId: number,
  tenantId: number,
): Promise<ProjectRow> {
  const [row] = await projectOfTenant(db).execute({ projectId, tenantId });
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

/** Applications that count toward a project's numbers (drafts do not). */
// A draft is not sent yet and a withdrawn application was taken back: neither counts as applied.
const countedApplication = notInArray(applications.status, ['Draft', 'Withdrawn']);

/** The list's summaries of these projects, in their order: one statement. */
export async function toProjectSummaries(
  db: Database,
  rows: Pick<ProjectRow, 'id'>[],
  now: Date,
): Promise<ProjectSummary[]> {
  return summariesByIds(
    db,
    rows.map((r) => r.id),
    now,
  );
}

function toDetail(row: DetailRow, isFollow: boolean, now: Date): ProjectDetail {
  return {
    ...toSummary(row, now),
    Introduction: row.introduction,
    ContactPhone: row.contact_phone,
    ExamStartTime: row.exam_start_at === null ? null : new Date(row.exam_start_at).toISOString(),
    ExamEndTime: row.exam_end_at === null ? null : new Date(row.exam_end_at).toISOString(),
    IsFollow: isFollow,
    PositionCount: Number(row.position_count),
  };
}

/** A project's page as nobody in particular sees it (a reviewer's preview). */
export async function toProjectDetail(
  db: Database,
  project: ProjectRow,
  now: Date,
): Promise<ProjectDetail> {
  const row = await detailRow(db, project.id, project.tenantId);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toDetail(row, false, now);
}

const followOfUser = preparedPerDatabase('follow_of_user', (db, name) =>
  db
    .select({ projectId: projectFollows.projectId })
    .from(projectFollows)
    .where(
      and(
        eq(projectFollows.userId, sql.placeholder('userId')),
        eq(projectFollows.projectId, sql.placeholder('projectId')),
      ),
    )
    .prepare(name),
);

/**
 * A project's page is the most read of a registration morning, and it is the same for every caller
 * of its tenant but for whether they follow it. So its row is kept for `sharedForMs` (as the shared
 * answers are, ANONYMOUS_ANSWER_TTL_MS) and each caller's following is asked apart: a crowd opening
 * one project costs a key lookup each and one count of its applications a second. The state is
 * derived from the row at every call; only the counts and an organiser's edit can be that late.
 */
async function sharedDetailRow(
  db: Database,
  projectId: number,
  tenantId: number,
  sharedForMs: number,
): Promise<DetailRow | undefined> {
  if (sharedForMs <= 0) return detailRow(db, projectId, tenantId);
  const kept = processCache<string, Promise<DetailRow | undefined>>(db, 'project pages', {
    max: 1_000,
    ttlMs: sharedForMs,
  });
  const key = `${tenantId}:${projectId}`;
  let row = kept.get(key);
  if (!row) {
    // The read itself is kept, so the callers who arrive while it runs wait for it, not ask again.
    row = detailRow(db, projectId, tenantId);
    kept.set(key, row);
    // Nothing found, or the read failed: nothing is kept, and the next caller asks again.
    const forget = () => void kept.delete(key);
    row.then((found) => found ?? forget(), forget);
  }
  return row;
}

/** Project/GetProject: a signed-in visit leaves a footprint in the browse history. */
export async function getProjectDetail(
  db: Database,
  projectId: number,
  viewer: { tenantId: number; userId: number | null },
  now: Date,
  sharedForMs: number,
): Promise<ProjectDetail> {
  const row = await sharedDetailRow(db, projectId, viewer.tenantId, sharedForMs);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  if (viewer.userId === null) return toDetail(row, false, now);
  recordFootprint(db, { userId: viewer.userId, projectId, at: now });
  const followed = await followOfUser(db).execute({ userId: viewer.userId, projectId });
  return toDetail(row, followed.length > 0, now);
}

export async function listPositions(
  db: Database,
  projectId: number,
  tenantId: number,
): Promise<Position[]> {
  await requireProject(db, projectId, tenantId);
  const rows = await db
    .select()
    .from(positions)
    .where(eq(positions.projectId, projectId))
    .orderBy(asc(positions.sort), asc(positions.id));
  const counts = await db
    .select({ positionId: applications.positionId, n: count() })
    .from(applications)
    .where(and(eq(applications.projectId, projectId), countedApplication))
    .groupBy(applications.positionId);
  const byPosition = new Map(counts.map((c) => [c.positionId, Number(c.n)]));
  return rows.map((p) => ({
    PositionId: p.id,
    ProjectId: p.projectId,
    Code: p.code,
    Name: p.name,
    Department: p.department,
    Quota: p.quota,
    Requirements: p.requirements,
    ApplyCount: byPosition.get(p.id) ?? 0,
  }));
}

export interface ProjectListQuery extends PageQuery {
  Keyword?: string | undefined;
  LableId?: number | undefined;
  CategoryId?: number | undefined;
  State?: ProjectState | undefined;
  /** The infinite list's cursor (NextCursor of the previous page); PageIndex is then ignored. */
  After?: string | undefined;
}

/**
 * Project/GetProjectList: applying first, then not started, closed, finished; by the organiser's
 * order and newest window within each (docs/decisions.md, "The project list").
 */
export async function listProjects(
  db: Database,
  tenantId: number,
  query: ProjectListQuery,
  now: Date,
): Promise<Paged<ProjectSummary> & { NextCursor: string | null }> {
  const filter: ListFilter = {
    tenantId,
    keyword: query.Keyword || undefined,
    labelId: query.LableId,
    categoryId: query.CategoryId,
    state: query.State,
  };
  const page = await listPage(
    db,
    filter,
    query.PageSize,
    query.After
      ? { after: decodeCursor(query.After) }
      : { offset: (query.PageIndex - 1) * query.PageSize },
    now,
  );
  // New or changed projects were just put in order: the kept counts may be out of date.
  if (page.refreshed) forgetCounts(db);
  return {
    Items: page.items,
    Total: await countProjects(db, filter),
    PageIndex: query.PageIndex,
    PageSize: query.PageSize,
    NextCursor: page.nextCursor,
  };
}

export async function followProject(
  db: Database,
  user: { userId: number; tenantId: number },
  projectId: number,
  isFollow: boolean,
  now: Date,
): Promise<{ ProjectId: number; IsFollow: boolean }> {
  await requireProject(db, projectId, user.tenantId);
  if (isFollow)
    await db
      .insert(projectFollows)
      .values({ userId: user.userId, projectId, createdAt: now })
      .onConflictDoNothing();
  else
    await db
      .delete(projectFollows)
      .where(and(eq(projectFollows.userId, user.userId), eq(projectFollows.projectId, projectId)));
  return { ProjectId: projectId, IsFollow: isFollow };
}

type QuestionRow = typeof projectQuestions.$inferSelect & { askerName: string };

function toQuestion(row: QuestionRow): Question {
  return {
    QuestionId: row.id,
    ProjectId: row.projectId,
    Content: row.content,
    AskerName: maskName(row.askerName),
    AskTime: row.createdAt.toISOString(),
    Answer: row.answer,
    AnswerTime: row.answeredAt?.toISOString() ?? null,
  };
}

async function pageQuestions(
  db: Database,
  where: SQL | undefined,
  page: PageQuery,
): Promise<Paged<Question>> {
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select({ question: projectQuestions, askerName: users.name })
          .from(projectQuestions)
          .innerJoin(users, eq(users.id, projectQuestions.userId))
          .where(where)
          .orderBy(desc(projectQuestions.createdAt), desc(projectQuestions.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(projectQuestions).where(where),
    },
    (rows) => rows.map((r) => toQuestion({ ...r.question, askerName: r.askerName })),
  );
}

/** Project/GetProjectUserAsk: the caller's own questions, of one project or all. */
export async function listUserQuestions(
  db: Database,
  userId: number,
  query: PageQuery & { ProjectId?: number | undefined },
): Promise<Paged<Question>> {
  const conditions = [eq(projectQuestions.userId, userId)];
  if (query.ProjectId) conditions.push(eq(projectQuestions.projectId, query.ProjectId));
  return pageQuestions(db, and(...conditions), query);
}

/** Project/GetProjectOpenAsk: only questions the organiser answered and made public. */
export async function listOpenQuestions(
  db: Database,
  projectId: number,
  tenantId: number,
  page: PageQuery,
): Promise<Paged<Question>> {
  await requireProject(db, projectId, tenantId);
  return pageQuestions(
    db,
    and(
      eq(projectQuestions.projectId, projectId),
      eq(projectQuestions.isOpen, true),
      isNotNull(projectQuestions.answer),
    ),
    page,
  );
}

export async function submitQuestion(
  db: Database,
  user: { userId: number; tenantId: number; name: string },
  projectId: number,
  content: string,
  now: Date,
): Promise<Question> {
  await requireProject(db, projectId, user.tenantId);
  const [row] = await db
    .insert(projectQuestions)
    .values({ projectId, userId: user.userId, content, createdAt: now })
    .returning();
  const [asker] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, user.userId));
  return toQuestion({ ...row!, askerName: asker?.name ?? user.name });
}

/** A project's cover as stored (a data: URL), or undefined for no such project. */
export async function projectCoverUrl(
  db: Database,
  projectId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ coverUrl: projects.coverUrl })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.coverUrl;
}
