import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../../domain/ports.js';

/** Where the disk store keeps the uploads' files: DATA_DIR/uploads, as before the port existed. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** One machine's disk: a file per name in `dir` (FILE_STORE=disk, the default). */
export function createDiskFileStore(dir: string): FileStore {
  const fileOf = (name: string) => {
    if (path.basename(name) !== name || name.startsWith('.'))
      throw new Error(`not a stored file's name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, bytes) {
      await fs.mkdir(dir, { recursive: true });
      try {
        await fs.writeFile(fileOf(name), bytes, { flag: 'wx' });
        return true;
      } catch (error) {
        if (isCode(error, 'EEXIST')) return false;
        throw error;
      }
    },
    async get(name) {
      try {
        return await fs.readFile(fileOf(name));
      } catch (error) {
        if (isCode(error, 'ENOENT')) return null;
        throw error;
      }
    },
    async delete(name) {
      try {
        await fs.unlink(fileOf(name));
        return true;
      } catch (error) {
        if (isCode(error, 'ENOENT')) return false;
        throw error;
      }
    },
    async *namesStoredBefore(cutoff) {
      const names = await fs.readdir(dir).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) return [];
        throw error;
      });
      for (const name of names) {
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile() && stat.mtime < cutoff) yield name;
      }
    },
  };
}
