import type { DataKey } from '../platform/sealed-values.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL: each test file gets its own database copied from a migrated, seeded template. */
export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * The data key the test template's demo rows are sealed under (a test-only key): the template is
 * seeded in one process and copied by the tests in others, each of which installs it as well.
 */
export const TEMPLATE_DATA_KEY: DataKey = {
  id: 'test-template',
  key: 'dGVzdC1vbmx5LWRhdGEta2V5LW5ldmVyLWluLXByb2Q',
};
