import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { installDataKeys } from '../platform/sealed-values.js';
import {
  adminQuery,
  databaseUrlFor,
  TEMPLATE_DATA_KEY,
  uniqueDatabaseName,
} from './template-db.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and, on PostgreSQL, drops the copy. */
  close(): Promise<void>;
}

/** A fresh copy of the migrated, seeded template (global-setup.ts): PGlite snapshot or PostgreSQL database. */
export async function openTestDatabase(prefix = 'portal_t'): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  installDataKeys([TEMPLATE_DATA_KEY]);
  if (template.kind === 'postgres') {
    const baseUrl = process.env.DATABASE_URL!;
    const name = uniqueDatabaseName(prefix);
    await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
    return {
      handle,
      async close() {
        await handle.close();
        await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const handle = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(template.file)]) });
  return { handle, close: () => handle.close() };
}
