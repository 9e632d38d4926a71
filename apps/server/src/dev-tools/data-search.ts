import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

/**
 * The tables holding `text` anywhere in a row, each row read as text (bytea as hex): how a test
 * or a journey shows that nothing of a person is left. Reads every table; for tests and dev tools.
 */
export async function tablesHolding(db: Database, text: string): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const holding: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(name)} r
          where strpos(r::text, ${text}) > 0) as found`,
    );
    if (row?.found) holding.push(name);
  }
  return holding;
}
