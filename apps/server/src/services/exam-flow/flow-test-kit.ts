import {
  apply,
  getProjectPaymentOrder,
  type FormValues,
  type UploadedFileValue,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { applications, positions, projects, users } from '../../db/schema/index.js';
import { withCheckDigit } from '../../testing/demo-fixtures.js';
import { storeUpload, uploadStoreOf } from '../../domain/uploads/uploads.js';
import type { TestApp } from '../../testing/test-app.js';

/** Seeded projects are found by title (SEED_PROJECTS). */
export async function projectIdOf(db: Database, title: string): Promise<number> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.title, title));
  if (!row) throw new Error(`no seeded project ${title}`);
  return row.id;
}

export async function firstPositionOf(db: Database, projectId: number): Promise<number> {
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(eq(positions.projectId, projectId))
    .orderBy(positions.sort)
    .limit(1);
  return row!.id;
}

export async function userIdOf(db: Database, mobile: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return row!.id;
}

export async function applicationOf(db: Database, userId: number, projectId: number) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, userId), eq(applications.projectId, projectId)));
  return row;
}

/** Values that pass the standard form (and, trimmed to its fields, the short one). */
export function validValues(overrides: FormValues = {}): FormValues {
  return {
    name: '赵小雨',
    gender: 'female',
    idNumber: withCheckDigit('31011519990808002'),
    birthDate: '1999-08-08',
    mobile: '13700137000',
    email: '',
    education: 'master',
    major: '汉语言文学',
    hukou: ['31', '310115'],
    hasWork: 'no',
    skills: ['writing'],
    // A name only, as a reviewer's preview keeps it; a candidate's form needs storedPhoto's.
    photo: {
      FileName: 'photo.jpg',
      Size: 120 * 1024,
      ContentType: 'image/jpeg',
    },
    ...overrides,
  };
}

/** A tiny JPEG (its magic bytes are what the upload check reads). */
const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
]);

/** A photo Common/Upload really stored for this user, as a form value. */
export async function storedPhoto(t: TestApp, userId: number): Promise<UploadedFileValue> {
  return storeUpload(
    uploadStoreOf(t.deps),
    userId,
    { fileName: 'photo.jpg', data: JPEG_BYTES },
    'photo',
  );
}

/** A user applies to a project through the contract call; answers the ApplyId. */
export async function applyAs(t: TestApp, userId: number, projectId: number): Promise<number> {
  const res = await t.call(
    apply,
    {
      ProjectId: projectId,
      PositionId: await firstPositionOf(t.db, projectId),
      Values: validValues({ photo: await storedPhoto(t, userId) }),
      SensitiveConsent: true,
    },
    { as: userId },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Data.ApplyId;
}

/** Pays an approved application through the sandbox cashier, as a candidate would. */
export async function payThroughCashier(
  t: TestApp,
  userId: number,
  applyId: number,
  action: 'pay' | 'cancel' = 'pay',
) {
  const order = await t.call(
    getProjectPaymentOrder,
    { ApplyId: applyId, Provider: 'wechatpay' },
    { as: userId },
  );
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const payUrl = new URL(order.body.Data.PayUrl);
  const page = await t.app.inject({ method: 'GET', url: payUrl.pathname + payUrl.search });
  expect(page.statusCode).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: payUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      orderNo: payUrl.searchParams.get('orderNo')!,
      sign: payUrl.searchParams.get('sign')!,
      action,
    }).toString(),
  });
  expect(confirm.statusCode).toBe(303);
  return { order: order.body.Data, page, confirm };
}
