import type { CommonSolution, ExternalProject, Paged, PageQuery } from '@portal/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { commonSolutions, externalProjects } from '../../db/schema/index.js';
import { notFound } from '../errors.js';
import { pageOf } from '../paging.js';

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
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(commonSolutions)
          .where(where)
          .orderBy(desc(commonSolutions.publishedAt), desc(commonSolutions.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(commonSolutions).where(where),
    },
    (rows) => rows.map(toSolution),
  );
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
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(externalProjects)
          .where(where)
          .orderBy(desc(externalProjects.applyEndAt), desc(externalProjects.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(externalProjects).where(where),
    },
    (rows) =>
      rows.map((row) => ({
        ExternalProjectId: row.id,
        Title: row.title,
        Organizer: row.organizer,
        Summary: row.summary,
        Url: row.url,
        ApplyEndTime: row.applyEndAt.toISOString(),
      })),
  );
}
