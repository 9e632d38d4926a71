import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

type PiscinaOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/**
 * A pool of worker threads running `workerUrl` (the compiled `.js` beside its caller). Under tsx
 * and vitest only the TypeScript source is there: the worker then loads tsx to read it.
 */
export function createWorkerPool<Task, Result>(
  workerUrl: URL,
  options: Omit<PiscinaOptions, 'filename' | 'execArgv'>,
): Piscina<Task, Result> {
  const compiled = fileURLToPath(workerUrl);
  const source = compiled.replace(/\.js$/, '.ts');
  const fromSource = !fs.existsSync(compiled) && fs.existsSync(source);
  return new Piscina({
    ...options,
    filename: fromSource ? source : compiled,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  });
}

/**
 * Lowers the calling worker thread's priority (on Linux a thread has its own nice value): long work
 * in it must not take a core from the server's event loop.
 */
export function lowerThisThreadsPriority(): void {
  try {
    os.setPriority(10);
  } catch {
    // a platform that refuses it runs the work at the usual priority
  }
}
