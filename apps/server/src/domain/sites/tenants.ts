import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tenantDomains, tenants } from '../../db/schema/index.js';
import { processCache } from '../../platform/process-cache.js';

/** A host name as stored: lower case, no port. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, '');

export interface PageConfig {
  IsNotFound: boolean;
  TenantId: number | null;
  TenantName: string;
  LogoUrl: string;
  ServicePhone: string;
}

/** PageConfig/GetPageConfig: the tenant a site answers for; an unknown site is IsNotFound (§2). */
export async function pageConfigFor(db: Database, host: string): Promise<PageConfig> {
  const [row] = await db
    .select({
      id: tenants.id,
      name: tenants.name,
      logoUrl: tenants.logoUrl,
      servicePhone: tenants.servicePhone,
    })
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
    .where(eq(tenantDomains.domain, normalizeHost(host)));
  if (!row)
    return { IsNotFound: true, TenantId: null, TenantName: '', LogoUrl: '', ServicePhone: '' };
  return {
    IsNotFound: false,
    TenantId: row.id,
    TenantName: row.name,
    LogoUrl: row.logoUrl,
    ServicePhone: row.servicePhone,
  };
}

/** How long a process keeps a site's tenant: domains are set up once, not changed per request. */
export const TENANT_CACHE_TTL_MS = 60_000;
const siteTenants = (db: Database) =>
  // Host headers are the visitor's to choose: the cache must not grow with them.
  processCache<string, number>(db, 'site tenants', { max: 1_000, ttlMs: TENANT_CACHE_TTL_MS });

/** The signed-in user's tenant, else the site's, else the first one (single-tenant default). */
export async function tenantIdFor(
  db: Database,
  host: string,
  user: { tenantId: number } | null,
): Promise<number> {
  if (user) return user.tenantId;
  const name = normalizeHost(host);
  const hit = siteTenants(db).get(name);
  if (hit !== undefined) return hit;
  // One statement: the domain's tenant, else the first.
  const [row] = await db
    .select({ tenantId: tenants.id })
    .from(tenants)
    .leftJoin(
      tenantDomains,
      and(eq(tenantDomains.tenantId, tenants.id), eq(tenantDomains.domain, name)),
    )
    .orderBy(sql`${tenantDomains.domain} is null`, asc(tenants.id))
    .limit(1);
  const tenantId = row?.tenantId ?? 0;
  siteTenants(db).set(name, tenantId);
  return tenantId;
}
