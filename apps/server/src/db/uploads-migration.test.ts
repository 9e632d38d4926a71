import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MOBILE, SEED_PROJECTS } from '../testing/demo-fixtures.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { MIGRATIONS_DIR, type Database } from './client.js';
import { applications, projects, uploads, userApplyArchives, users } from './schema/index.js';

/** Migration 0006's data steps: what it does to files named before uploads had owners. */
const backfill = fs
  .readFileSync(path.join(MIGRATIONS_DIR, '0006_uploads.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((statement) => /INSERT INTO "uploads"|UPDATE "/.test(statement));

const legacy = (name: string, extra: object = {}) => ({
  Url: `/uploads/${name}`,
  FileName: 'old.jpg',
  Size: 1234,
  ContentType: 'image/jpeg',
  ...extra,
});

describe('migration 0006 gives the files named before it an owner', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await openTestDatabase('portal_m');
    db = database.handle.db;
  });
  afterAll(() => database.close());

  const applicationOf = async (mobile: string, title: string) => {
    const [row] = await db
      .select({ id: applications.id, userId: applications.userId, values: applications.values })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .innerJoin(projects, eq(projects.id, applications.projectId))
      .where(and(eq(users.mobile, mobile), eq(projects.title, title)));
    return row!;
  };

  it('each named file becomes the upload of the first account that named it; values keep its id', async () => {
    expect(backfill).toHaveLength(3);
    const mine = await applicationOf(DEMO_MOBILE, SEED_PROJECTS.submitted);
    const theirs = await applicationOf('13900139000', SEED_PROJECTS.submitted);
    const shared = 'LegacyLegacyLegacyLegac1.jpg';
    await db
      .update(applications)
      .set({ values: { ...mine.values, photo: legacy(shared), note: 'x' } })
      .where(eq(applications.id, mine.id));
    await db
      .update(applications)
      .set({ values: { ...theirs.values, photo: legacy(shared), diploma: legacy('preview:x') } })
      .where(eq(applications.id, theirs.id));
    await db
      .update(userApplyArchives)
      .set({ values: { name: '李明', photo: legacy('ArchiveArchiveArchive1.pdf') } })
      .where(eq(userApplyArchives.userId, mine.userId));
    await db
      .update(users)
      .set({ headPortrait: '/uploads/WangAvatarWangAvatar12.png' })
      .where(eq(users.id, theirs.userId));

    for (const statement of backfill) await db.execute(sql.raw(statement));

    const rows = new Map((await db.select().from(uploads)).map((row) => [row.id, row]));
    expect(rows.get('LegacyLegacyLegacyLegac1')).toMatchObject({
      userId: mine.userId,
      storedName: shared,
      fileName: 'old.jpg',
      contentType: 'image/jpeg',
      size: 1234,
    });
    expect(rows.get('LegacyLegacyLegacyLegac1')!.attachedAt).not.toBeNull();
    expect(rows.get('ArchiveArchiveArchive1')).toMatchObject({
      userId: mine.userId,
      contentType: 'application/pdf',
    });
    expect(rows.get('WangAvatarWangAvatar12')).toMatchObject({
      userId: theirs.userId,
      contentType: 'image/png',
    });
    const file = { FileId: 'LegacyLegacyLegacyLegac1', FileName: 'old.jpg', Size: 1234 };
    expect((await applicationOf(DEMO_MOBILE, SEED_PROJECTS.submitted)).values).toMatchObject({
      photo: { ...file, ContentType: 'image/jpeg' },
      note: 'x',
    });
    const after = (await applicationOf('13900139000', SEED_PROJECTS.submitted)).values;
    expect(after.photo).not.toHaveProperty('Url');
    // Not one of our addresses: left as it was.
    expect(after.diploma).toEqual(legacy('preview:x'));
    const [archive] = await db
      .select()
      .from(userApplyArchives)
      .where(eq(userApplyArchives.userId, mine.userId));
    expect(archive!.values.photo).toEqual({
      FileId: 'ArchiveArchiveArchive1',
      FileName: 'old.jpg',
      Size: 1234,
      ContentType: 'image/jpeg',
    });
  });
});
