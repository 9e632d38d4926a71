import type { Database } from '../db/client.js';
import { tenants } from '../db/schema/index.js';
import * as tenantsSeed from './10-tenants.js';
import * as usersSeed from './20-users.js';
import * as projectsSeed from './30-projects.js';
import * as contentSeed from './35-content.js';
import * as applicationsSeed from './40-applications.js';
import * as accountSeed from './50-account.js';

/**
 * Demo data (demo mode and tests only): a tenant on localhost, its projects, candidates,
 * reviewers and applications. Reference data every deployment needs comes with the migrations.
 */
export interface SeedModule {
  seed(db: Database): Promise<void>;
}

/** In order, each after what it refers to. */
const DEMO_SEED: readonly SeedModule[] = [
  tenantsSeed,
  usersSeed,
  projectsSeed,
  contentSeed,
  applicationsSeed,
  accountSeed,
];

/** Writes the demo data in one transaction, only into a database without a tenant. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const existing = await db.select({ id: tenants.id }).from(tenants).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    for (const module of DEMO_SEED) await module.seed(tx as unknown as Database);
  });
  return true;
}
