// Loaded with `node --import` by bench-burst.ts: the SQL statements the server sends (pg's
// Client.query, BEGIN and COMMIT included). SIGUSR2 writes the count so far to STATEMENT_REPORT.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(`${process.cwd()}/package.json`)('pg');
const query = pg.Client.prototype.query;
let statements = 0;
pg.Client.prototype.query = function countedQuery(...args) {
  statements += 1;
  return query.apply(this, args);
};
process.on('SIGUSR2', () => {
  // Written whole, then named: the reader never sees half of it.
  const report = process.env.STATEMENT_REPORT;
  fs.writeFileSync(`${report}.part`, JSON.stringify({ statements }));
  fs.renameSync(`${report}.part`, report);
});
