// The journeys in JOURNEY_SHARDS streams at once (default 2), each a vitest shard with a server of
// its own (E2E_PORT apart by 100): a journey mostly waits on a browser and a server, so two
// streams fill the machine's two cores. Arguments go to every shard's vitest.
import { spawn } from 'node:child_process';

const shards = Number(process.env.JOURNEY_SHARDS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 18080);
const args = process.argv.slice(2);

function runShard(index) {
  const label = shards > 1 ? `[journeys ${index}/${shards}] ` : '';
  const child = spawn(
    'npx',
    ['vitest', 'run', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...args],
    {
      env: { ...process.env, E2E_PORT: String(basePort + (index - 1) * 100) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`${label}${line}\n`);
    });
    stream.on('end', () => rest && out.write(`${label}${rest}\n`));
  }
  return new Promise((resolve) => child.on('exit', (code) => resolve({ index, code: code ?? 1 })));
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = results.filter((r) => r.code !== 0);
for (const { index, code } of failed)
  console.error(`journeys shard ${index}/${shards} failed (exit code ${code})`);
process.exit(failed.length > 0 ? 1 : 0);
