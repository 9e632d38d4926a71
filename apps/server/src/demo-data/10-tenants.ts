import type { Database } from '../db/client.js';
import { tenantDomains, tenants } from '../db/schema/index.js';

export const DEMO_TENANT_DOMAINS = ['localhost', '127.0.0.1'];

export async function seed(db: Database): Promise<void> {
  const [tenant] = await db
    .insert(tenants)
    .values({ name: '华夏人才考试服务中心', logoUrl: '', servicePhone: '400-810-1234' })
    .returning({ id: tenants.id });
  await db
    .insert(tenantDomains)
    .values(DEMO_TENANT_DOMAINS.map((domain) => ({ domain, tenantId: tenant!.id })));
}
