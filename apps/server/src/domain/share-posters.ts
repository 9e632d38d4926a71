import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notFound } from './errors.js';
import { sharePosterSvg } from './qr-codes.js';

/**
 * The projects table belongs to the projects area; only its title and organiser are read here,
 * by SQL, so this area does not depend on that one's code.
 */
async function projectForPoster(
  db: Database,
  projectId: number,
  tenantId: number,
): Promise<{ title: string; organizer: string } | null> {
  const result = (await db.execute(
    sql`select title, organizer from projects where id = ${projectId} and tenant_id = ${tenantId}`,
  )) as unknown as { rows: { title: string; organizer: string }[] };
  return result.rows[0] ?? null;
}

export async function sharePoster(
  db: Database,
  tenantId: number,
  projectId: number,
  shareUrl: string,
): Promise<{ PosterUrl: string; ShareUrl: string }> {
  const project = await projectForPoster(db, projectId, tenantId);
  if (!project) throw notFound('项目不存在或已下线');
  const svg = await sharePosterSvg(project, shareUrl);
  return {
    PosterUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    ShareUrl: shareUrl,
  };
}
