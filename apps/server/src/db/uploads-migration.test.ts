import fs from 'node:fs';
import path from 'node:path';
import type { FormValues } from '@portal/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MOBILE, SEED_PROJECTS } from '../testing/demo-fixtures.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { MIGRATIONS_DIR, queryRows, type Database } from './client.js';
import { applications, projects, uploads, users } from './schema/index.js';

/**
 * Migration 0006's data steps: what it does to files named before uploads had owners, replayed on
 * the values as they were then (plain jsonb).
 */
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

  /** The values as they were stored when 0006 ran: plain jsonb (0007 sealed them into text). */
  async function asBefore0007(rows: { id: number; values: FormValues }[], archive: FormValues) {
    await db.execute(sql`update applications set values = '{}'`);
    await db.execute(sql`update user_apply_archives set values = '{}'`);
    for (const table of ['applications', 'user_apply_archives'])
      await db.execute(
        sql.raw(`alter table ${table} alter column values type jsonb using values::jsonb`),
      );
    for (const { id, values } of rows)
      await db.execute(
        sql`update applications set values = ${JSON.stringify(values)}::jsonb where id = ${id}`,
      );
    await db.execute(
      sql`update user_apply_archives set values = ${JSON.stringify(archive)}::jsonb`,
    );
  }
  const storedValues = async (table: 'applications' | 'user_apply_archives', where: SQL) =>
    (
      await queryRows<{ values: FormValues }>(
        db,
        sql`select values from ${sql.identifier(table)} where ${where}`,
      )
    )[0]!.values;

  it('each named file becomes the upload of the first account that named it; values keep its id', async () => {
    expect(backfill).toHaveLength(3);
    const mine = await applicationOf(DEMO_MOBILE, SEED_PROJECTS.submitted);
    const theirs = await applicationOf('13900139000', SEED_PROJECTS.submitted);
    const shared = 'LegacyLegacyLegacyLegac1.jpg';
    await asBefore0007(
      [
        { id: mine.id, values: { ...mine.values, photo: legacy(shared), note: 'x' } },
        {
          id: theirs.id,
          values: { ...theirs.values, photo: legacy(shared), diploma: legacy('preview:x') },
        },
      ],
      { name: '李明', photo: legacy('ArchiveArchiveArchive1.pdf') },
    );
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
    expect(await storedValues('applications', sql`id = ${mine.id}`)).toMatchObject({
      photo: { ...file, ContentType: 'image/jpeg' },
      note: 'x',
    });
    const after = await storedValues('applications', sql`id = ${theirs.id}`);
    expect(after.photo).not.toHaveProperty('Url');
    // Not one of our addresses: left as it was.
    expect(after.diploma).toEqual(legacy('preview:x'));
    const archive = await storedValues('user_apply_archives', sql`user_id = ${mine.userId}`);
    expect(archive.photo).toEqual({
      FileId: 'ArchiveArchiveArchive1',
      FileName: 'old.jpg',
      Size: 1234,
      ContentType: 'image/jpeg',
    });
  });
});
