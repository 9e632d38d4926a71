// Loaded with `node --import` by bench-abuse.ts: the server's event-loop delay, measured inside it.
// SIGUSR2 writes what was seen since the last signal to EVENT_LOOP_REPORT and starts again.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  fs.writeFileSync(
    process.env.EVENT_LOOP_REPORT,
    JSON.stringify({ maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)) }),
  );
  histogram.reset();
});
