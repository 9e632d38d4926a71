import fs from 'node:fs';

/** A second process opening the embedded database's directory while one has it open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: number,
  ) {
    super(
      `内置数据库目录 ${dataDir} 正被进程 ${owner} 使用：同一时间只能有一个服务打开它（两个会损坏数据）。请先停止那个服务，或等它退出后再启动。`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database's directory for this process, as PostgreSQL's postmaster.pid claims
 * its own: a file beside it names the owner, and a process that finds it held by one still running
 * refuses to start. A file left by a process that is gone (killed) is taken over at once, so a
 * restart after a crash does not wait. (Not a lock that must be refreshed on a timer: a busy event
 * loop would lose it.) Returns the release, for the database's close.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = `${dataDir}.pid`;
  const mine = String(process.pid);
  for (;;) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(file, 'utf8'));
    // This very process (a test opening it again after a close it did not wait for) may go on.
    if (owner === process.pid) break;
    if (Number.isInteger(owner) && owner > 0 && isRunning(owner))
      throw new DataDirInUseError(dataDir, owner);
    fs.rmSync(file, { force: true });
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
