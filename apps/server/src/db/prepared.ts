import { processCache } from '../platform/process-cache.js';
import type { Database } from './client.js';

/** Statements are few and named in the code: these bound nothing that grows. */
const MAX_STATEMENTS = 200;
const STATEMENT_TTL_MS = 60 * 60_000;

/**
 * A statement built once per database and kept (drizzle's `.prepare(name)`: on PostgreSQL a
 * named statement, parsed and planned once per connection), so a hot read is not rebuilt per
 * request. `build` is given the name to prepare under.
 */
export function preparedPerDatabase<Statement extends object>(
  name: string,
  build: (db: Database, name: string) => Statement,
): (db: Database) => Statement {
  return (db) => {
    const statements = processCache<string, object>(db, 'prepared statements', {
      max: MAX_STATEMENTS,
      ttlMs: STATEMENT_TTL_MS,
    });
    let statement = statements.get(name) as Statement | undefined;
    if (!statement) statements.set(name, (statement = build(db, name)));
    return statement;
  };
}
