// The server suite on the embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', ...process.argv.slice(2)];
const { DATABASE_URL, ...rest } = process.env;

function run(label, env) {
  console.log(`\n== server tests on ${label} ==`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

let status = run('PGlite (embedded)', rest);
if (status === 0 && DATABASE_URL)
  status = run(`PostgreSQL (${new URL(DATABASE_URL).host})`, process.env);
process.exit(status);
