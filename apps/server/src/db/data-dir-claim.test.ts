import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirInUseError } from './data-dir-claim.js';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another process that claims the directory and stays, as a second `npm start` would find. */
async function otherOwner(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${path.resolve('src/db/data-dir-claim.ts')}').then((m) => { m.claimDataDir(${JSON.stringify(dataDir)}); console.log('claimed'); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return child;
}

describe('one process at a time opens the embedded database’s directory', () => {
  it('refuses while another running process holds it, and takes it over once that one is killed', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'claim-')), 'pglite');
    const other = await otherOwner(dataDir);
    expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => claimDataDir(dataDir)).toThrow(String(other.pid));

    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const release = claimDataDir(dataDir);
    expect(fs.readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dataDir}.pid`)).toBe(false);
  }, 30_000);
});
