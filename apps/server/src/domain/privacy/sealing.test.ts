import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { getUserApplyArchive, getUserProject, realPersonVerify } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOf, queryRows } from '../../db/client.js';
import { applications, uploads, userApplyArchives, users } from '../../db/schema/index.js';
import { drawIdPhoto } from '../../demo-data/files.js';
import { SANDBOX_REGISTER } from '../../gateways/identity/sandbox.js';
import { applyAs, projectIdOf, validValues } from '../../services/exam-flow/flow-test-kit.js';
import { createDataKey, installDataKeys, open, openBytes } from '../../platform/sealed-values.js';
import {
  DEMO_ID_NUMBER,
  DEMO_MOBILE,
  SEED_PROJECTS,
  withCheckDigit,
} from '../../testing/demo-fixtures.js';
import { databaseUrlFor } from '../../testing/template-db.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { resealPersonalData } from './sealing.js';
import { storeUpload, uploadStoreOf } from '../uploads/uploads.js';

/** Every file under a folder (the uploads on disk). */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

/** Every byte the database keeps: PGlite's data folder (its log included), or a pg_dump. */
async function databaseBytes(t: TestApp): Promise<Buffer> {
  const pglite = pgliteOf(t.handle);
  if (pglite) {
    await pglite.exec('checkpoint');
    return Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  }
  const [row] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
  return execFileSync('pg_dump', [databaseUrlFor(process.env.DATABASE_URL!, row!.name)], {
    maxBuffer: 1 << 30,
  });
}

describe('personal data sealed at rest (issue 28)', () => {
  let t: TestApp;
  const applicant = withCheckDigit('31011519990808002');
  // A number of the sandbox's register that no seeded row holds.
  const verified = SANDBOX_REGISTER.find((person) => person.name === '赵六')!.idNumber;
  // On PostgreSQL the files are kept in the database too, so the pg_dump holds them.
  beforeAll(async () => {
    const databaseUrl = process.env.DATABASE_URL;
    t = await createTestApp(
      databaseUrl ? { env: { FILE_STORE: 'postgres', DATABASE_URL: databaseUrl } } : {},
    );
  });
  afterAll(() => t.close());

  it('no ID number and no byte run of an uploaded photo is in the database or the data folder, searched byte by byte', async () => {
    expect(validValues().idNumber).toBe(applicant);
    await applyAs(t, t.demoUserId, await projectIdOf(t.db, SEED_PROJECTS.journey));
    const photo = drawIdPhoto();
    const uploaded = await storeUpload(
      uploadStoreOf(t.deps),
      t.demoUserId,
      { fileName: 'photo.jpg', data: photo },
      'photo',
    );
    const verify = await t.call(
      realPersonVerify,
      { Name: '赵六', IdNumber: verified },
      { as: t.demoUserId },
    );
    expect(verify.body.Data.IsRealName).toBe(true);

    const bytes = await databaseBytes(t);
    for (const idNumber of [applicant, verified, DEMO_ID_NUMBER])
      expect(bytes.includes(Buffer.from(idNumber)), idNumber).toBe(false);
    // Any 64 bytes from the middle of the picture, and its JPEG header with the first pixels.
    const middle = photo.subarray(photo.length / 2, photo.length / 2 + 64);
    const stored = [bytes, ...filesUnder(t.deps.config.dataDir).map((f) => fs.readFileSync(f))];
    for (const run of [middle, photo.subarray(0, 64)])
      expect(stored.filter((held) => held.includes(run))).toEqual([]);
    // The photo is there, sealed, and reads back whole.
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(sql`${uploads.id} = ${uploaded.FileId}`);
    const sealedPhoto = await t.deps.gateways.files.get(row!.storedName);
    expect(openBytes(sealedPhoto!).equals(photo)).toBe(true);
    // The search finds what is there: the account's mobile (its sign-in name) is not sealed.
    expect(bytes.includes(Buffer.from(DEMO_MOBILE))).toBe(true);
    // And the owner reads them as written.
    const mine = await t.call(getUserApplyArchive, {}, { as: t.demoUserId });
    expect(mine.body.Data.Values?.idNumber).toBe(DEMO_ID_NUMBER);
  });

  it('a rotated key seals everything again, and everything still reads', async () => {
    const storedTexts = async () => [
      ...(await t.db.select({ text: sql<string>`${applications.values}` }).from(applications)),
      ...(await t.db
        .select({ text: sql<string>`${userApplyArchives.values}` })
        .from(userApplyArchives)),
      ...(await t.db
        .select({ text: sql<string>`${users.idNumber}` })
        .from(users)
        .where(sql`${users.idNumber} is not null`)),
    ];
    const storedFiles = async () => {
      const rows = await t.db.select().from(uploads).orderBy(uploads.id);
      return Promise.all(
        rows.map(async (row) => ({
          name: row.storedName,
          stored: await t.deps.gateways.files.get(row.storedName),
        })),
      );
    };
    const before = await storedTexts();
    const readBefore = before.map((row) => open(row.text));
    const filesBefore = await storedFiles();
    expect(filesBefore.length).toBeGreaterThan(0);

    const rotated = createDataKey();
    installDataKeys([rotated, ...t.deps.secrets.dataKeys]);
    expect(await resealPersonalData(t.deps)).toBe(before.length + filesBefore.length);
    const after = await storedTexts();
    expect(after.every((row) => row.text.startsWith(`sealed:v1:${rotated.id}:`))).toBe(true);
    expect(after.map((row) => open(row.text)).sort()).toEqual([...readBefore].sort());
    // Every file is sealed again under the new key, named for it, and the old one is gone.
    const filesAfter = await storedFiles();
    for (const [i, file] of filesAfter.entries()) {
      const old = filesBefore[i]!;
      expect(file.name).toContain(`.${rotated.id}.`);
      expect(await t.deps.gateways.files.get(old.name)).toBeNull();
      if (!old.stored) continue;
      expect(file.stored!.subarray(5, 5 + rotated.id.length).toString()).toBe(rotated.id);
      expect(openBytes(file.stored!).equals(openBytes(old.stored))).toBe(true);
    }
    // Nothing is left to seal again, and the calls read as before.
    expect(await resealPersonalData(t.deps)).toBe(0);
    const projects = await t.call(
      getUserProject,
      { PageIndex: 1, PageSize: 50 },
      { as: t.demoUserId },
    );
    expect(projects.status).toBe(200);
    const again = await t.call(
      realPersonVerify,
      { Name: '赵六', IdNumber: verified },
      { as: t.demoUserId },
    );
    expect(again.body.Data.IsRealName).toBe(true);
  });
});
