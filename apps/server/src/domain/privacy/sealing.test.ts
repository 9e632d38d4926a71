import { execFileSync } from 'node:child_process';
import { getUserApplyArchive, getUserProject, realPersonVerify } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteOf, queryRows } from '../../db/client.js';
import { applications, userApplyArchives, users } from '../../db/schema/index.js';
import { SANDBOX_REGISTER } from '../../gateways/identity/sandbox.js';
import { applyAs, projectIdOf, validValues } from '../../services/exam-flow/flow-test-kit.js';
import { createDataKey, installDataKeys, open } from '../../platform/sealed-values.js';
import {
  DEMO_ID_NUMBER,
  DEMO_MOBILE,
  SEED_PROJECTS,
  withCheckDigit,
} from '../../testing/demo-fixtures.js';
import { databaseUrlFor } from '../../testing/template-db.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { resealPersonalData } from './sealing.js';

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
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('no ID number is in the database in plain text, its files and log searched byte by byte', async () => {
    expect(validValues().idNumber).toBe(applicant);
    await applyAs(t, t.demoUserId, await projectIdOf(t.db, SEED_PROJECTS.journey));
    const verify = await t.call(
      realPersonVerify,
      { Name: '赵六', IdNumber: verified },
      { as: t.demoUserId },
    );
    expect(verify.body.Data.IsRealName).toBe(true);

    const bytes = await databaseBytes(t);
    for (const idNumber of [applicant, verified, DEMO_ID_NUMBER])
      expect(bytes.includes(Buffer.from(idNumber)), idNumber).toBe(false);
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
    const before = await storedTexts();
    const readBefore = before.map((row) => open(row.text));

    const rotated = createDataKey();
    installDataKeys([rotated, ...t.deps.secrets.dataKeys]);
    expect(await resealPersonalData(t.deps)).toBe(before.length);
    const after = await storedTexts();
    expect(after.every((row) => row.text.startsWith(`sealed:v1:${rotated.id}:`))).toBe(true);
    expect(after.map((row) => open(row.text)).sort()).toEqual([...readBefore].sort());
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
