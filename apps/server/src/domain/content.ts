import type { CommonSolution, ExternalProject, Paged, PageQuery } from '@portal/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { commonSolutions, externalProjects } from '../db/schema/index.js';
import { notFound } from './errors.js';

type SolutionRow = typeof commonSolutions.$inferSelect;
const toSolution = (row: SolutionRow): CommonSolution => ({
  SolutionId: row.id,
  Title: row.title,
  Summary: row.summary,
  CoverUrl: row.coverUrl,
  PublishTime: row.publishedAt.toISOString(),
});

export async function listSolutions(
  db: Database,
  tenantId: number,
  page: PageQuery,
): Promise<Paged<CommonSolution>> {
  const where = eq(commonSolutions.tenantId, tenantId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(commonSolutions)
      .where(where)
      .orderBy(desc(commonSolutions.publishedAt), desc(commonSolutions.id))
      .limit(page.PageSize)
      .offset((page.PageIndex - 1) * page.PageSize),
    db.select({ n: count() }).from(commonSolutions).where(where),
  ]);
  return {
    Items: rows.map(toSolution),
    Total: Number(total?.n ?? 0),
    PageIndex: page.PageIndex,
    PageSize: page.PageSize,
  };
}

export async function getSolution(
  db: Database,
  tenantId: number,
  solutionId: number,
): Promise<CommonSolution & { Content: string }> {
  const [row] = await db
    .select()
    .from(commonSolutions)
    .where(and(eq(commonSolutions.id, solutionId), eq(commonSolutions.tenantId, tenantId)));
  if (!row) throw notFound('解决方案不存在或已下线');
  return { ...toSolution(row), Content: row.content };
}

/** Newest deadline first. */
export async function listExternalProjects(
  db: Database,
  tenantId: number,
  page: PageQuery,
): Promise<Paged<ExternalProject>> {
  const where = eq(externalProjects.tenantId, tenantId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(externalProjects)
      .where(where)
      .orderBy(desc(externalProjects.applyEndAt), desc(externalProjects.id))
      .limit(page.PageSize)
      .offset((page.PageIndex - 1) * page.PageSize),
    db.select({ n: count() }).from(externalProjects).where(where),
  ]);
  return {
    Items: rows.map((row) => ({
      ExternalProjectId: row.id,
      Title: row.title,
      Organizer: row.organizer,
      Summary: row.summary,
      Url: row.url,
      ApplyEndTime: row.applyEndAt.toISOString(),
    })),
    Total: Number(total?.n ?? 0),
    PageIndex: page.PageIndex,
    PageSize: page.PageSize,
  };
}
