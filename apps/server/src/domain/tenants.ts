import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenantDomains, tenants } from '../db/schema/index.js';

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
const siteTenants = new WeakMap<Database, Map<string, { tenantId: number; until: number }>>();

/** The signed-in user's tenant, else the site's, else the first one (single-tenant default). */
export async function tenantIdFor(
  db: Database,
  host: string,
  user: { tenantId: number } | null,
): Promise<number> {
  if (user) return user.tenantId;
  const name = normalizeHost(host);
  let cache = siteTenants.get(db);
  if (!cache) siteTenants.set(db, (cache = new Map()));
  const hit = cache.get(name);
  if (hit && hit.until > Date.now()) return hit.tenantId;
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
  // Host headers are the visitor's to choose: the cache must not grow with them.
  if (cache.size > 1_000) cache.clear();
  cache.set(name, { tenantId, until: Date.now() + TENANT_CACHE_TTL_MS });
  return tenantId;
}
