import type { Paged, PageQuery, ProjectNotice } from '@portal/contracts';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectNotices, projects } from '../../db/schema/index.js';
import { notFound } from '../errors.js';
import { requireProject } from '../projects/projects.js';
import { pageOf } from '../paging.js';

/** ProjectNotice/GetNotice: one notice, a project's notices, or all published, newest first. */
export async function listProjectNotices(
  db: Database,
  tenantId: number,
  query: PageQuery & { ProjectId?: number | undefined; NoticeId?: number | undefined },
  now: Date,
): Promise<Paged<ProjectNotice>> {
  if (query.ProjectId) await requireProject(db, query.ProjectId, tenantId);
  const conditions = [eq(projects.tenantId, tenantId), lte(projectNotices.publishedAt, now)];
  if (query.ProjectId) conditions.push(eq(projectNotices.projectId, query.ProjectId));
  if (query.NoticeId) conditions.push(eq(projectNotices.id, query.NoticeId));
  const where = and(...conditions);
  const list = await pageOf(
    query,
    {
      rows: ({ limit, offset }) =>
        db
          .select({ notice: projectNotices, title: projects.title })
          .from(projectNotices)
          .innerJoin(projects, eq(projects.id, projectNotices.projectId))
          .where(where)
          .orderBy(desc(projectNotices.publishedAt), desc(projectNotices.id))
          .limit(limit)
          .offset(offset),
      count: () =>
        db
          .select({ n: count() })
          .from(projectNotices)
          .innerJoin(projects, eq(projects.id, projectNotices.projectId))
          .where(where),
    },
    (rows) =>
      rows.map(({ notice, title }) => ({
        NoticeId: notice.id,
        ProjectId: notice.projectId,
        ProjectTitle: title,
        Title: notice.title,
        Content: notice.content,
        PublishTime: notice.publishedAt.toISOString(),
      })),
  );
  if (query.NoticeId && list.Total === 0) throw notFound('公告不存在或已撤回');
  return list;
}
