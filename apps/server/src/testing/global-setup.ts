import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOf } from '../db/client.js';
import { seedIfEmpty } from '../demo-data/index.js';
import { installDataKeys } from '../platform/sealed-values.js';
import {
  adminQuery,
  databaseUrlFor,
  TEMPLATE_DATA_KEY,
  uniqueDatabaseName,
} from './template-db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a gzip data-dir snapshot file; PostgreSQL: the template database's name. */
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}

/** Migrates and seeds one database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  installDataKeys([TEMPLATE_DATA_KEY]);
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = uniqueDatabaseName('portal_tpl');
    await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrlFor(baseUrl, name) });
    await handle.migrate();
    await seedIfEmpty(handle.db);
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return async () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await openDatabase({});
  await handle.migrate();
  await seedIfEmpty(handle.db);
  const dump = await pgliteOf(handle)!.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(os.tmpdir(), `portal-template-${process.pid}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', file });
  return async () => fs.rmSync(file, { force: true });
}
