import {
  exportPersonalData,
  getPersonalDataEvents,
  PERSONAL_DATA_EXPORTS_PER_DAY,
  previewGetApply,
  realPersonVerify,
  saveUserApplyArchive,
  type Paged,
  type PersonalDataEvent,
} from '@portal/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { applications, personalDataEvents, reviewers } from '../../db/schema/index.js';
import { startPreviewSession } from '../../domain/preview/preview.js';
import { verifyPersonalDataEvents } from '../../domain/privacy/audit-trail.js';

import { SANDBOX_REGISTER } from '../../gateways/identity/sandbox.js';
import { DEMO_MOBILE, DEMO_REVIEWER_LOGIN, SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { applyAs, projectIdOf, userIdOf } from '../exam-flow/flow-test-kit.js';
import { PREVIEW_COOKIE } from '../register.js';

/** The files of a ZIP, by name. */
async function unzip(base64: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(Buffer.from(base64, 'base64'), { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        files.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

describe('谁查看了我的信息 and 下载我的个人信息 (issue 28 pts 3 and 5)', () => {
  let t: TestApp;
  let other: number;
  const events = async (as: number) =>
    (await t.call(getPersonalDataEvents, { PageIndex: 1, PageSize: 50 }, { as })).body
      .Data as Paged<PersonalDataEvent>;

  beforeAll(async () => {
    t = await createTestApp();
    other = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  it("a reviewer's preview of a candidate's application is in the candidate's list, named and masked", async () => {
    const [reviewer] = await t.db
      .select()
      .from(reviewers)
      .where(eq(reviewers.loginName, DEMO_REVIEWER_LOGIN));
    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.userId, t.demoUserId))
      .limit(1);
    const proof = await startPreviewSession(t.deps.store, {
      reviewerId: reviewer!.id,
      tenantId: reviewer!.tenantId,
      loginName: reviewer!.loginName,
      name: reviewer!.name,
    });
    const read = await t.call(
      previewGetApply,
      {
        LoginName: DEMO_REVIEWER_LOGIN,
        ProjectId: application!.projectId,
        ApplyId: application!.id,
      },
      { headers: { cookie: `${PREVIEW_COOKIE}=${proof}` }, remoteAddress: '198.51.100.23' },
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.Data?.Apply?.ApplyId).toBe(application!.id);
    // An application outside the project named is not there for the reviewer, and nothing is read.
    const [elsewhere] = await t.db
      .select()
      .from(applications)
      .where(and(ne(applications.projectId, application!.projectId)))
      .limit(1);
    const refused = await t.call(
      previewGetApply,
      { LoginName: DEMO_REVIEWER_LOGIN, ProjectId: application!.projectId, ApplyId: elsewhere!.id },
      { headers: { cookie: `${PREVIEW_COOKIE}=${proof}` } },
    );
    expect(refused.status).toBe(404);

    const list = await events(t.demoUserId);
    expect(list.Items[0]).toMatchObject({
      ActorKind: 'reviewer',
      ActorName: reviewer!.name,
      Action: 'read',
      Address: '198.51.*.*',
      Result: 'ok',
    });
    expect(list.Items[0]!.Target).toMatch(/^报名信息（.+）$/);
    expect(list.Items.filter((item) => item.ActorKind === 'reviewer')).toHaveLength(1);
  });

  it("the candidate's own changes and real-name checks are recorded, without the plain number or mobile", async () => {
    const person = SANDBOX_REGISTER.find((p) => p.name === '赵六')!;
    const saved = await t.call(
      saveUserApplyArchive,
      { Values: { name: '李明', mobile: DEMO_MOBILE } },
      { as: t.demoUserId },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const mismatch = await t.call(
      realPersonVerify,
      { Name: '李明', IdNumber: person.idNumber },
      { as: t.demoUserId },
    );
    expect(mismatch.status).toBe(400);
    const [archive, check] = (await events(t.demoUserId)).Items.slice(0, 2).reverse();
    expect(archive).toMatchObject({ ActorKind: 'candidate', Action: 'change', Target: '报名档案' });
    expect(check).toMatchObject({ Action: 'real-name-check', Result: 'refused' });
    const stored = JSON.stringify(await t.db.select().from(personalDataEvents));
    expect(stored).not.toContain(person.idNumber);
    expect(stored).not.toContain(DEMO_MOBILE);
  });

  it("the candidate's application is recorded as a change of their data, named by its project", async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    const applyId = await applyAs(t, t.demoUserId, projectId);
    const [latest] = (await events(t.demoUserId)).Items;
    expect(latest).toMatchObject({
      ActorKind: 'candidate',
      Action: 'change',
      Target: `报名信息（${SEED_PROJECTS.journey}）`,
    });
    const [row] = await t.db
      .select({ target: personalDataEvents.target })
      .from(personalDataEvents)
      .where(eq(personalDataEvents.id, latest!.EventId));
    expect(row!.target).toBe(`application:${applyId}`);
  });

  it("another person's token reads only their own entries; no token reads none", async () => {
    expect((await events(t.demoUserId)).Total).toBeGreaterThan(0);
    expect(await events(other)).toMatchObject({ Total: 0, Items: [] });
    expect((await t.call(getPersonalDataEvents, {})).status).toBe(401);
    expect((await t.call(exportPersonalData, {})).status).toBe(401);
  });

  it('the copy is a ZIP of a JSON and a PDF with the applications and orders, unsealed for the owner, and recorded', async () => {
    const answer = await t.call(
      exportPersonalData,
      {},
      { as: t.demoUserId, remoteAddress: '203.0.113.9' },
    );
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body.Data!.FileName).toMatch(/^个人信息副本-\d{8}\.zip$/);
    const files = await unzip(answer.body.Data!.Base64);
    expect(files.get('personal-data.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    const copy = JSON.parse(files.get('personal-data.json')!.toString());
    const own = await t.db.select().from(applications).where(eq(applications.userId, t.demoUserId));
    expect(copy.Profile).toMatchObject({ UserId: t.demoUserId, Mobile: DEMO_MOBILE });
    expect(copy.Applications.map((a: { ApplyId: number }) => a.ApplyId).sort()).toEqual(
      own.map((a) => a.id).sort(),
    );
    expect(copy.Applications[0].Form.length).toBeGreaterThan(0);
    expect(copy.Orders.length).toBeGreaterThan(0);
    // What was agreed to: the texts at sign-up, and each application's sensitive-information consent.
    const kinds = copy.Consents.map((c: { Kind: string }) => c.Kind);
    expect(kinds).toEqual(expect.arrayContaining(['user-agreement', 'privacy-policy']));
    expect(kinds.filter((kind: string) => kind === 'sensitive-information').length).toBeGreaterThan(
      0,
    );
    expect(copy.AuditEntries.some((e: PersonalDataEvent) => e.ActorKind === 'reviewer')).toBe(true);
    for (const file of copy.Files) expect(files.has(file.Path), file.Path).toBe(true);

    const [latest] = (await events(t.demoUserId)).Items;
    expect(latest).toMatchObject({
      Action: 'export',
      ActorKind: 'candidate',
      Address: '203.0.*.*',
    });
  });

  it("another person's copy holds none of the candidate's data", async () => {
    const answer = await t.call(exportPersonalData, {}, { as: other });
    const copy = JSON.parse(
      (await unzip(answer.body.Data!.Base64)).get('personal-data.json')!.toString(),
    );
    expect(copy.Profile.UserId).toBe(other);
    expect(JSON.stringify(copy)).not.toContain(DEMO_MOBILE);
    const demoApplications = await t.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.userId, t.demoUserId));
    const theirs = new Set(copy.Applications.map((a: { ApplyId: number }) => a.ApplyId));
    for (const { id } of demoApplications) expect(theirs.has(id)).toBe(false);
  });

  it(`a copy may be asked for ${PERSONAL_DATA_EXPORTS_PER_DAY} times a day; then a Chinese refusal`, async () => {
    for (let i = 1; i < PERSONAL_DATA_EXPORTS_PER_DAY; i++)
      expect((await t.call(exportPersonalData, {}, { as: t.demoUserId })).status).toBe(200);
    const refused = await t.call(exportPersonalData, {}, { as: t.demoUserId });
    expect(refused.status).toBe(429);
    expect(refused.body.ErrMsg).toContain('请明天再试');
    expect(await verifyPersonalDataEvents(t.db)).toMatchObject({ intact: true });
  });
});
