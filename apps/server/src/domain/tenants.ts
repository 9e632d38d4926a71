import { asc, eq } from 'drizzle-orm';
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

/** The signed-in user's tenant, else the site's, else the first one (single-tenant default). */
export async function tenantIdFor(
  db: Database,
  host: string,
  user: { tenantId: number } | null,
): Promise<number> {
  if (user) return user.tenantId;
  const [byDomain] = await db
    .select({ tenantId: tenantDomains.tenantId })
    .from(tenantDomains)
    .where(eq(tenantDomains.domain, normalizeHost(host)));
  if (byDomain) return byDomain.tenantId;
  const [first] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .orderBy(asc(tenants.id))
    .limit(1);
  return first?.id ?? 0;
}
