import fs from 'node:fs';
import path from 'node:path';
import {
  apply,
  generatePrint,
  getForm,
  getUserApplyArchive,
  modifyApply,
  saveUserApplyArchive,
  type UploadedFileValue,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, projects, uploads } from '../../db/schema/index.js';
import { deleteUnattachedUploads } from '../../domain/uploads/uploads.js';
import { uploadsDir } from '../../gateways/file-store/disk.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { openBytes } from '../../platform/sealed-values.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { firstPositionOf, projectIdOf, userIdOf, validValues } from '../exam-flow/flow-test-kit.js';

const HOUR = 3600_000;
const JPEG = Buffer.from(
  jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, 200), width: 16, height: 16 }, 90).data,
);

/** Common/Upload as the web sends it: multipart, the file in `File`, the caller's token. */
async function uploadAs(
  t: TestApp,
  userId: number,
  data: Buffer = JPEG,
  purpose = 'photo',
): Promise<{ status: number; body: { ErrMsg: string; Data: UploadedFileValue } }> {
  const boundary = '----uploads-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="Purpose"\r\n\r\n${purpose}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/services/exam-expand/OpenService/v1/Common/Upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: await t.authorization(userId),
    },
  });
  return { status: response.statusCode, body: response.json() };
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The path of an address, as the browser asks for it (query included). */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
};

describe('uploads are private: served to their owner, through addresses that expire', () => {
  let t: TestApp;
  let clock = Date.now();
  let wang: number;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    wang = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  it('an anonymous GET of an upload, without its signed address, is refused', async () => {
    const { body } = await uploadAs(t, t.demoUserId);
    const bare = new URL(body.Data.Url!, 'http://localhost').pathname;
    const anonymous = await get(t, bare);
    expect([401, 404]).toContain(anonymous.statusCode);
    expect(anonymous.headers['content-type']).not.toMatch(/^image\//);
  });

  it('is served with Cache-Control: private, no-store, to its owner’s token and to its signed address', async () => {
    const { body } = await uploadAs(t, t.demoUserId);
    const signed = await get(t, pathOf(body.Data.Url!));
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('private, no-store');
    expect(signed.rawPayload.equals(JPEG)).toBe(true);
    const bare = new URL(body.Data.Url!, 'http://localhost').pathname;
    const owner = await get(t, bare, { authorization: await t.authorization(t.demoUserId) });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
  });

  it('another user’s token gets 404 for it', async () => {
    const { body } = await uploadAs(t, t.demoUserId);
    const bare = new URL(body.Data.Url!, 'http://localhost').pathname;
    const stranger = await get(t, bare, { authorization: await t.authorization(wang) });
    expect(stranger.statusCode).toBe(404);
  });

  it('a signed address stops working after 15 minutes, and a forged one never works', async () => {
    const { body } = await uploadAs(t, t.demoUserId);
    const url = pathOf(body.Data.Url!);
    const expires = Number(new URL(url, 'http://localhost').searchParams.get('expires'));
    expect(expires * 1000 - clock).toBeLessThanOrEqual(15 * 60_000);
    expect((await get(t, url)).statusCode).toBe(200);
    const forged = url.replace(/expires=\d+/, `expires=${expires + 3600}`);
    expect((await get(t, forged)).statusCode).toBe(404);
    const saved = clock;
    clock += 15 * 60_000 + 1000;
    try {
      expect((await get(t, url)).statusCode).toBe(404);
    } finally {
      clock = saved;
    }
  });

  it('the seeded candidates’ files have random ids, and no seeded name is served', async () => {
    const rows = await t.db.select().from(uploads);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect(row.id).toMatch(/^[\w-]{22}$/);
    expect((await get(t, '/uploads/seed-li-ming-photo.jpg')).statusCode).not.toBe(200);
  });

  it('GetForm shows the application’s photo at a fresh signed address; the stored value holds only its id', async () => {
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.returned);
    const { body } = await t.call(getForm, { ProjectId: projectId }, { as: t.demoUserId });
    const photo = body.Data.Values!.photo as UploadedFileValue;
    expect(photo.FileId).toMatch(/^[\w-]{22}$/);
    const served = await get(t, pathOf(photo.Url!));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const [row] = await t.db
      .select({ values: applications.values })
      .from(applications)
      .where(and(eq(applications.userId, t.demoUserId), eq(applications.projectId, projectId)));
    expect(row!.values.photo).not.toHaveProperty('Url');
    expect(JSON.stringify(row!.values)).not.toContain('/uploads/');
  });
});

describe('a form names only the candidate’s own uploads', () => {
  let t: TestApp;
  let wang: number;
  let projectId: number;
  let positionId: number;
  beforeAll(async () => {
    t = await createTestApp();
    wang = await userIdOf(t.db, '13900139000');
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    positionId = await firstPositionOf(t.db, projectId);
  });
  afterAll(() => t.close());

  it('refuses another candidate’s upload in Apply, with a Chinese message naming the field', async () => {
    const { body: theirs } = await uploadAs(t, t.demoUserId);
    const res = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ photo: theirs.Data }),
        SensitiveConsent: true,
      },
      { as: wang },
    );
    expect(res.status).toBe(400);
    expect(res.body.ErrMsg).toBe(
      '证件照须为您本人上传的文件（文件不存在、已过期或不属于您），请重新上传',
    );
    expect(
      await t.db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, wang), eq(applications.projectId, projectId))),
    ).toEqual([]);
  });

  it('refuses another candidate’s upload in ModifyApply and in the archive', async () => {
    const { body: theirs } = await uploadAs(t, t.demoUserId);
    const returned = await projectIdOf(t.db, SEED_PROJECTS.returned);
    const [mine] = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.userId, t.demoUserId), eq(applications.projectId, returned)));
    const { body: wangs } = await uploadAs(t, wang);
    const modify = await t.call(
      modifyApply,
      { ApplyId: mine!.id, Values: { ...mine!.values, photo: wangs.Data } },
      { as: t.demoUserId },
    );
    expect(modify.status).toBe(400);
    expect(modify.body.ErrMsg).toMatch(/^证件照须为您本人上传的文件/);
    const archive = await t.call(
      saveUserApplyArchive,
      { Values: { photo: theirs.Data } },
      { as: wang },
    );
    expect(archive.status).toBe(400);
    expect((await t.call(getUserApplyArchive, {}, { as: wang })).body.Data.Values).toEqual({});
  });

  it('takes the candidate’s own upload, keeping its real size and type', async () => {
    const { body: own } = await uploadAs(t, wang);
    const res = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ photo: { ...own.Data, Size: 1 } }),
        SensitiveConsent: true,
      },
      { as: wang },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db
      .select({ values: applications.values })
      .from(applications)
      .where(eq(applications.id, res.body.Data.ApplyId));
    expect(row!.values.photo).toEqual({
      FileId: own.Data.FileId,
      FileName: 'photo.jpg',
      Size: JPEG.length,
      ContentType: 'image/jpeg',
    });
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, own.Data.FileId!));
    expect(upload!.attachedAt).not.toBeNull();
  });

  it('the ticket inlines the candidate’s own photo as data:, and never prints another’s', async () => {
    const issued = await projectIdOf(t.db, SEED_PROJECTS.ticketIssued);
    const [row] = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.userId, t.demoUserId), eq(applications.projectId, issued)));
    const print = async () =>
      (await t.call(generatePrint, { ApplyId: row!.id }, { as: t.demoUserId })).body.Data.Html;
    const html = await print();
    const inlined = /<img class="photo" src="data:image\/jpeg;base64,([A-Za-z0-9+/=]+)"/.exec(html);
    expect(inlined).not.toBeNull();
    const [photo] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, (row!.values.photo as UploadedFileValue).FileId!));
    const stored = fs.readFileSync(path.join(uploadsDir(t.deps.config.dataDir), photo!.storedName));
    const printed = Buffer.from(inlined![1]!, 'base64');
    // On disk the photo is sealed (issue 28): none of its bytes, the JPEG's own header included.
    expect(printed.equals(openBytes(stored))).toBe(true);
    expect(stored.includes(printed.subarray(0, 16))).toBe(false);
    expect(html).not.toContain('/uploads/');
    // A value naming someone else's upload (as one written before this check could) prints no photo.
    const { body: wangs } = await uploadAs(t, wang);
    await t.db
      .update(applications)
      .set({ values: { ...row!.values, photo: wangs.Data } })
      .where(eq(applications.id, row!.id));
    expect(await print()).toContain('<div class="photo-blank">照片</div>');
  });
});

describe('uploads have a quota per account and unattached ones are cleaned up', () => {
  let t: TestApp;
  let clock = Date.now();
  let wang: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_QUOTA_MB: '1' }, now: () => new Date(clock) });
    wang = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  it('refuses an upload past the account’s quota with a Chinese message; another account is not affected', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(400 * 1024)]);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => uploadAs(t, t.demoUserId, big)),
    );
    // 1 MB holds the seeded files and two of these, whatever order the five arrive in.
    const refused = results.filter((r) => r.status !== 200);
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(413);
      expect(r.body.ErrMsg).toMatch(/^上传空间已满：每个账号最多保存1MB文件/);
    }
    expect((await uploadAs(t, wang, big)).status).toBe(200);
    const files = fs.readdirSync(uploadsDir(t.deps.config.dataDir));
    const rows = await t.db.select().from(uploads);
    expect(files.sort()).toEqual(rows.map((r) => r.storedName).sort());
  });

  it('the daily cleanup deletes only uploads never attached, a day after they were made', async () => {
    const start = clock;
    const old = (await uploadAs(t, wang)).body.Data;
    const oldAttached = (await uploadAs(t, wang)).body.Data;
    const archive = await t.call(
      saveUserApplyArchive,
      { Values: { photo: oldAttached } },
      { as: wang },
    );
    expect(archive.status).toBe(200);
    clock = start + 23 * HOUR;
    const fresh = (await uploadAs(t, wang)).body.Data;
    const dir = uploadsDir(t.deps.config.dataDir);
    // A file no upload names (left by a crash, or from before uploads had owners), a day old.
    fs.writeFileSync(path.join(dir, 'AAAAAAAAAAAAAAAAAAAAAA.jpg'), JPEG);
    const dayOld = new Date(start - 1000);
    fs.utimesSync(path.join(dir, 'AAAAAAAAAAAAAAAAAAAAAA.jpg'), dayOld, dayOld);
    const count = await t.db.select().from(uploads);
    clock = start + 24 * HOUR + 1000;

    const deleted = await deleteUnattachedUploads(t.db, t.deps.gateways.files, new Date(clock));

    const left = new Set((await t.db.select().from(uploads)).map((r) => r.id));
    expect(left.has(old.FileId!)).toBe(false);
    expect(left.has(oldAttached.FileId!)).toBe(true);
    expect(left.has(fresh.FileId!)).toBe(true);
    const names = fs.readdirSync(dir);
    expect(names.some((n) => n.startsWith(old.FileId!))).toBe(false);
    expect(names.some((n) => n.startsWith(oldAttached.FileId!))).toBe(true);
    expect(names.some((n) => n.startsWith(fresh.FileId!))).toBe(true);
    expect(names).not.toContain('AAAAAAAAAAAAAAAAAAAAAA.jpg');
    // The earlier test's unattached uploads were made at the same start: they go too.
    expect(deleted.uploads).toBe(count.filter((r) => r.attachedAt === null).length - 1);
    expect(deleted.files).toBe(deleted.uploads + 1);
    // The seeded files (attached long ago) stay, and the ticket still has its photo.
    const issued = await projectIdOf(t.db, SEED_PROJECTS.ticketIssued);
    const [row] = await t.db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(projects, eq(projects.id, applications.projectId))
      .where(and(eq(applications.userId, t.demoUserId), eq(applications.projectId, issued)));
    const print = await t.call(generatePrint, { ApplyId: row!.id }, { as: t.demoUserId });
    expect(print.body.Data.Html).toContain('src="data:image/jpeg;base64,');
  });
});
