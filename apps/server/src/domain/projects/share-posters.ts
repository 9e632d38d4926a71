import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../errors.js';
import { ownAddress } from '../../platform/own-addresses.js';
import { sharePosterSvg } from '../../render/qr-codes.js';

/** Longer addresses make a QR code too dense to scan from a poster (and past ~2,300, none at all). */
export const MAX_SHARE_URL_LENGTH = 1_000;

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
  origins: ReadonlySet<string>,
): Promise<{ PosterUrl: string; ShareUrl: string }> {
  // Our brand on a QR code that leads elsewhere would be a phishing poster.
  const url = ownAddress(shareUrl, origins);
  if (!url) throw badRequest('分享地址须为本站页面地址', { ShareUrl: '须为本站页面地址' });
  if (url.href.length > MAX_SHARE_URL_LENGTH)
    throw badRequest(`分享地址过长，最多${MAX_SHARE_URL_LENGTH}个字符`, {
      ShareUrl: `最多${MAX_SHARE_URL_LENGTH}个字符`,
    });
  const project = await projectForPoster(db, projectId, tenantId);
  if (!project) throw notFound('项目不存在或已下线');
  const svg = await sharePosterSvg(project, url.href);
  return {
    PosterUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    ShareUrl: url.href,
  };
}
