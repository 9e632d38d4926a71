import fs from 'node:fs';

/** A second process opening the embedded database's directory while one has it open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: number | 'this process',
  ) {
    super(
      owner === 'this process'
        ? `内置数据库目录 ${dataDir} 已由本进程打开：同一时间只能打开一次（两次会损坏数据）。`
        : `内置数据库目录 ${dataDir} 正被进程 ${owner} 使用：同一时间只能有一个服务打开它（两个会损坏数据）。请先停止那个服务，或等它退出后再启动；若进程 ${owner} 并不是本服务，删除 ${pidFileOf(dataDir)} 后再启动。`,
    );
    this.name = 'DataDirInUseError';
  }
}

const pidFileOf = (dataDir: string) => `${dataDir}.pid`;

/** The directories this process holds open. */
const held = new Set<string>();

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
 * restart after a crash does not wait; so is one naming this very pid that this process does not
 * hold (a container's server restarted as pid 1). Not a lock refreshed on a timer, which a busy
 * event loop would lose. Holds on one machine, within one pid namespace. Returns the release.
 */
export function claimDataDir(dataDir: string): () => void {
  if (held.has(dataDir)) throw new DataDirInUseError(dataDir, 'this process');
  const file = pidFileOf(dataDir);
  const mine = String(process.pid);
  // Written aside and linked in: the claim appears whole or not at all, and only once.
  const draft = `${file}.${mine}`;
  fs.writeFileSync(draft, mine);
  try {
    for (;;) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = Number(fs.readFileSync(file, 'utf8'));
      const live =
        Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner);
      if (live) throw new DataDirInUseError(dataDir, owner);
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  held.add(dataDir);
  return () => {
    held.delete(dataDir);
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
