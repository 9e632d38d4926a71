import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../domain/ports.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { createDiskFileStore, uploadsDir } from './disk.js';
import { createPostgresFileStore } from './postgres.js';

const HOUR = 3600_000;

interface Subject {
  store: FileStore;
  /** Makes a stored file look stored at `when`. */
  storedAt(name: string, when: Date): Promise<void>;
  close(): Promise<void>;
}

const names = async (listing: AsyncIterable<string>) => {
  const found: string[] = [];
  for await (const name of listing) found.push(name);
  return found.sort();
};

function behavesLikeAFileStore(kind: string, open: () => Promise<Subject>) {
  describe(`${kind} file store`, () => {
    let subject: Subject;
    let store: FileStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject.close());

    it('gives back the bytes it was given, and null for a name it never stored', async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 0x50, 0x53, 0x4c, 0x31]);
      expect(await store.put('aaaaaaaaaaaaaaaaaaaaaa.jpg', bytes)).toBe(true);
      expect((await store.get('aaaaaaaaaaaaaaaaaaaaaa.jpg'))?.equals(bytes)).toBe(true);
      expect(await store.get('bbbbbbbbbbbbbbbbbbbbbb.jpg')).toBeNull();
    });

    it('never overwrites: a taken name answers false and keeps the first bytes', async () => {
      const first = Buffer.from('first');
      expect(await store.put('cccccccccccccccccccccc.png', first)).toBe(true);
      expect(await store.put('cccccccccccccccccccccc.png', Buffer.from('second'))).toBe(false);
      expect((await store.get('cccccccccccccccccccccc.png'))?.equals(first)).toBe(true);
    });

    it('deletes once: a second delete answers false and the bytes are gone', async () => {
      await store.put('dddddddddddddddddddddd.pdf', Buffer.from('%PDF-1.4'));
      expect(await store.delete('dddddddddddddddddddddd.pdf')).toBe(true);
      expect(await store.delete('dddddddddddddddddddddd.pdf')).toBe(false);
      expect(await store.get('dddddddddddddddddddddd.pdf')).toBeNull();
    });

    it('lists the names stored before a cutoff, and only those', async () => {
      const now = Date.now();
      await store.put('eeeeeeeeeeeeeeeeeeeeee.jpg', Buffer.from('old'));
      await store.put('ffffffffffffffffffffff.jpg', Buffer.from('new'));
      await subject.storedAt('eeeeeeeeeeeeeeeeeeeeee.jpg', new Date(now - 25 * HOUR));
      const before = await names(store.namesStoredBefore(new Date(now - 24 * HOUR)));
      expect(before).toContain('eeeeeeeeeeeeeeeeeeeeee.jpg');
      expect(before).not.toContain('ffffffffffffffffffffff.jpg');
      expect(await names(store.namesStoredBefore(new Date(now + HOUR)))).toEqual(
        expect.arrayContaining(['eeeeeeeeeeeeeeeeeeeeee.jpg', 'ffffffffffffffffffffff.jpg']),
      );
    });
  });
}

behavesLikeAFileStore('disk', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  const dir = uploadsDir(dataDir);
  return {
    store: createDiskFileStore(dir),
    async storedAt(name, when) {
      fs.utimesSync(path.join(dir, name), when, when);
    },
    async close() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe('disk file store, where the files lie', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each file at DATA_DIR/uploads/<name>, where files stored before the port lie', async () => {
    const dir = uploadsDir(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'gggggggggggggggggggggg.jpg'), 'kept from before');
    const store = createDiskFileStore(dir);
    expect((await store.get('gggggggggggggggggggggg.jpg'))?.toString()).toBe('kept from before');
    await store.put('hhhhhhhhhhhhhhhhhhhhhh.png', Buffer.from('new'));
    expect(
      fs.readFileSync(path.join(dataDir, 'uploads', 'hhhhhhhhhhhhhhhhhhhhhh.png'), 'utf8'),
    ).toBe('new');
  });

  it('refuses a name that would leave its folder', async () => {
    const store = createDiskFileStore(uploadsDir(dataDir));
    await expect(store.put('../secrets.json', Buffer.from('x'))).rejects.toThrow(/name/);
    await expect(store.get('..')).rejects.toThrow(/name/);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });
});

behavesLikeAFileStore(process.env.DATABASE_URL ? 'PostgreSQL' : 'PostgreSQL (PGlite)', async () => {
  const database: TestDatabase = await openTestDatabase('portal_files');
  const { query } = database.handle;
  return {
    store: createPostgresFileStore(query),
    async storedAt(name, when) {
      await query('update stored_files set created_at = $2 where name = $1', [
        name,
        when.toISOString(),
      ]);
    },
    close: () => database.close(),
  };
});

describe('PostgreSQL file store, many files', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('portal_files');
  });
  afterAll(() => database.close());

  it('lists every old file, past one page of names', async () => {
    const { query } = database.handle;
    await query(
      `insert into stored_files (name, bytes, created_at)
       select 'file' || lpad(n::text, 4, '0'), '\\x00'::bytea, now() - interval '2 days'
       from generate_series(1, 1201) n`,
      [],
    );
    const found = await names(createPostgresFileStore(query).namesStoredBefore(new Date()));
    expect(found).toHaveLength(1201);
    expect(new Set(found).size).toBe(1201);
  });
});
