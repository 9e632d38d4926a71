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
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  applications,
  browseHistory,
  categories,
  labels,
  positions,
  projectFollows,
  projectLabels,
  projectQuestions,
  projects,
  users,
  type ProjectRow,
} from '../db/schema/index.js';
import { notFound } from './errors.js';
import { pageOf } from './paging.js';

export const PROJECT_NOT_FOUND = '项目不存在或已下线';

type StateInputs = Pick<
  ProjectRow,
  'applyStartAt' | 'applyEndAt' | 'examEndAt' | 'closedAt' | 'finishedAt'
>;

/**
 * The state is derived, never stored, so it is always right: finished once the organiser says
 * so or the exam is over; before the window not started; closed early or after the window.
 */
export function deriveProjectState(p: StateInputs, now: Date): ProjectState {
  const t = now.getTime();
  if ((p.finishedAt && p.finishedAt.getTime() <= t) || (p.examEndAt && p.examEndAt.getTime() < t))
    return 'Finished';
  if (t < p.applyStartAt.getTime()) return 'NotStarted';
  if ((p.closedAt && p.closedAt.getTime() <= t) || t > p.applyEndAt.getTime()) return 'Closed';
  return 'Applying';
}

/** The same rule as deriveProjectState, as SQL for list filters. */
export function projectStateWhere(state: ProjectState, now: Date): SQL {
  const finished = sql`(${projects.finishedAt} <= ${now} or ${projects.examEndAt} < ${now})`;
  const notFinished = sql`not coalesce(${finished}, false)`;
  const closedEarly = sql`coalesce(${projects.closedAt} <= ${now}, false)`;
  switch (state) {
    case 'Finished':
      return sql`coalesce(${finished}, false)`;
    case 'NotStarted':
      return sql`${notFinished} and ${now} < ${projects.applyStartAt}`;
    case 'Closed':
      return sql`${notFinished} and ${now} >= ${projects.applyStartAt} and (${closedEarly} or ${now} > ${projects.applyEndAt})`;
    case 'Applying':
      return sql`${notFinished} and ${now} >= ${projects.applyStartAt} and ${now} <= ${projects.applyEndAt} and not ${closedEarly}`;
  }
}

export async function requireProject(
  db: Database,
  projectId: number,
  tenantId: number,
): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.tenantId, tenantId)));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

/** Applications that count toward a project's numbers (drafts do not). */
const countedApplication = ne(applications.status, 'Draft');

export async function toProjectSummaries(
  db: Database,
  rows: ProjectRow[],
  now: Date,
): Promise<ProjectSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [categoryRows, labelRows, countRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, [...new Set(rows.map((r) => r.categoryId))])),
    db
      .select({ projectId: projectLabels.projectId, id: labels.id, name: labels.name })
      .from(projectLabels)
      .innerJoin(labels, eq(labels.id, projectLabels.labelId))
      .where(inArray(projectLabels.projectId, ids))
      .orderBy(asc(labels.sort), asc(labels.id)),
    db
      .select({ projectId: applications.projectId, n: count() })
      .from(applications)
      .where(and(inArray(applications.projectId, ids), countedApplication))
      .groupBy(applications.projectId),
  ]);
  const categoryName = new Map(categoryRows.map((c) => [c.id, c.name]));
  const applyCount = new Map(countRows.map((c) => [c.projectId, Number(c.n)]));
  return rows.map((p) => ({
    ProjectId: p.id,
    Title: p.title,
    Organizer: p.organizer,
    CoverUrl: p.coverUrl,
    CategoryId: p.categoryId,
    CategoryName: categoryName.get(p.categoryId) ?? '',
    Lables: labelRows
      .filter((l) => l.projectId === p.id)
      .map((l) => ({ LableId: l.id, Name: l.name })),
    ApplyStartTime: p.applyStartAt.toISOString(),
    ApplyEndTime: p.applyEndAt.toISOString(),
    FeeInFen: p.feeInFen,
    State: deriveProjectState(p, now),
    HasOnlineExam: p.hasOnlineExam,
    ApplyCount: applyCount.get(p.id) ?? 0,
  }));
}

export async function toProjectDetail(
  db: Database,
  project: ProjectRow,
  userId: number | null,
  now: Date,
): Promise<ProjectDetail> {
  const [[summary], [positionCount], followed] = await Promise.all([
    toProjectSummaries(db, [project], now),
    db.select({ n: count() }).from(positions).where(eq(positions.projectId, project.id)),
    userId === null
      ? Promise.resolve([])
      : db
          .select({ userId: projectFollows.userId })
          .from(projectFollows)
          .where(and(eq(projectFollows.userId, userId), eq(projectFollows.projectId, project.id))),
  ]);
  return {
    ...summary!,
    Introduction: project.introduction,
    ContactPhone: project.contactPhone,
    ExamStartTime: project.examStartAt?.toISOString() ?? null,
    ExamEndTime: project.examEndAt?.toISOString() ?? null,
    IsFollow: followed.length > 0,
    PositionCount: Number(positionCount?.n ?? 0),
  };
}

/** Project/GetProject: a signed-in visit leaves a footprint in the browse history. */
export async function getProjectDetail(
  db: Database,
  projectId: number,
  viewer: { tenantId: number; userId: number | null },
  now: Date,
): Promise<ProjectDetail> {
  const project = await requireProject(db, projectId, viewer.tenantId);
  if (viewer.userId !== null)
    await db
      .insert(browseHistory)
      .values({ userId: viewer.userId, projectId, browsedAt: now })
      .onConflictDoUpdate({
        target: [browseHistory.userId, browseHistory.projectId],
        set: { browsedAt: now },
      });
  return toProjectDetail(db, project, viewer.userId, now);
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
}

/** Applying first, then not started, then the rest; newest window first within each. */
const STATE_ORDER = (now: Date) =>
  sql`case when ${projectStateWhere('Applying', now)} then 0 when ${projectStateWhere('NotStarted', now)} then 1 when ${projectStateWhere('Closed', now)} then 2 else 3 end`;

export async function listProjects(
  db: Database,
  tenantId: number,
  query: ProjectListQuery,
  now: Date,
): Promise<Paged<ProjectSummary>> {
  const conditions: SQL[] = [eq(projects.tenantId, tenantId)];
  if (query.Keyword) {
    const pattern = `%${query.Keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(projects.title, pattern), ilike(projects.organizer, pattern))!);
  }
  if (query.CategoryId) conditions.push(eq(projects.categoryId, query.CategoryId));
  if (query.LableId) {
    // A parent label of the find tree matches its children's projects too.
    const children = db
      .select({ id: labels.id })
      .from(labels)
      .where(eq(labels.parentId, query.LableId));
    conditions.push(
      inArray(
        projects.id,
        db
          .select({ id: projectLabels.projectId })
          .from(projectLabels)
          .where(
            or(eq(projectLabels.labelId, query.LableId), inArray(projectLabels.labelId, children)),
          ),
      ),
    );
  }
  if (query.State) conditions.push(projectStateWhere(query.State, now));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(projects).where(where);
  const rows = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(STATE_ORDER(now), asc(projects.sort), desc(projects.applyStartAt), desc(projects.id))
    .limit(query.PageSize)
    .offset((query.PageIndex - 1) * query.PageSize);
  return {
    Items: await toProjectSummaries(db, rows, now),
    Total: Number(total?.n ?? 0),
    PageIndex: query.PageIndex,
    PageSize: query.PageSize,
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
