import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tenants } from '../schema/index.js';
import type { Database } from '../client.js';

/**
 * Seed files sit beside this one as `NN-area.ts`, each exporting `seed(db)`, and run in name
 * order inside one transaction, only on an empty database.
 */
export interface SeedModule {
  seed(db: Database): Promise<void>;
}

const SEED_DIR = path.dirname(fileURLToPath(import.meta.url));

export async function seedIfEmpty(db: Database): Promise<boolean> {
  const existing = await db.select({ id: tenants.id }).from(tenants).limit(1);
  if (existing.length > 0) return false;
  const files = fs
    .readdirSync(SEED_DIR)
    .filter((f) => /^\d\d-[\w-]+\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  await db.transaction(async (tx) => {
    for (const file of files) {
      const module = (await import(path.join(SEED_DIR, file))) as SeedModule;
      await module.seed(tx as unknown as Database);
    }
  });
  return true;
}
