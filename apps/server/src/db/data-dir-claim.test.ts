import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirInUseError } from './data-dir-claim.js';

const MODULE = fileURLToPath(new URL('./data-dir-claim.ts', import.meta.url));
const children: ReturnType<typeof spawn>[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function freshDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'claim-'));
  folders.push(folder);
  return path.join(folder, 'pglite');
}

/** Another process that claims the directory and stays, as a second `npm start` would find. */
async function otherOwner(dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(MODULE)}).then((m) => { m.claimDataDir(${JSON.stringify(dataDir)}); console.log('claimed'); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the other owner exited (${code})`)));
  });
  return child;
}

describe('one process at a time opens the embedded database’s directory', () => {
  it('refuses while another running process holds it, and takes it over once that one is killed', async () => {
    const dataDir = freshDataDir();
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

  it('is opened once within a process too, and again after its release', () => {
    const dataDir = freshDataDir();
    const release = claimDataDir(dataDir);
    expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError);
    release();
    claimDataDir(dataDir)();
  });

  it('takes over a claim naming this pid that this process does not hold (a container restarted)', () => {
    const dataDir = freshDataDir();
    fs.writeFileSync(`${dataDir}.pid`, String(process.pid));
    const release = claimDataDir(dataDir);
    expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError);
    release();
  });
});
