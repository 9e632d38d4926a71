import {
  apply,
  getForm,
  getFormReport,
  GUARDIAN_CONSENT_REQUIRED,
  modifyApply,
  SENSITIVE_CONSENT_REQUIRED,
  type UploadedFileValue,
} from '@portal/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationEvents, applications, consents, users } from '../../db/schema/index.js';
import { SEED_PROJECTS, withCheckDigit } from '../../testing/demo-fixtures.js';
import { obtainVerifyToken } from '../exam-message/sms-test-kit.js';
import { storeUpload, uploadStoreOf } from '../../domain/uploads/uploads.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  applicationOf,
  firstPositionOf,
  projectIdOf,
  storedPhoto,
  userIdOf,
  validValues,
} from './flow-test-kit.js';

describe('ProjectApply/ calls', () => {
  let t: TestApp;
  let projectId: number;
  let positionId: number;
  let other: number;
  let photo: UploadedFileValue;
  beforeAll(async () => {
    t = await createTestApp();
    // 李明 has not applied to the journey project; 王芳 applies in these tests.
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    positionId = await firstPositionOf(t.db, projectId);
    other = await userIdOf(t.db, '13900139000');
    photo = await storedPhoto(t, other);
  });
  afterAll(() => t.close());

  it('Apply takes a file only as Common/Upload stored it: its real size and type count', async () => {
    const missing = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ photo: { ...photo, FileId: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
        SensitiveConsent: true,
      },
      { as: other },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.ErrMsg).toBe(
      '证件照须为您本人上传的文件（文件不存在、已过期或不属于您），请重新上传',
    );
    const pdf = await storeUpload(
      uploadStoreOf(t.deps),
      other,
      { fileName: 'x.pdf', data: Buffer.from('%PDF-1.4 fake') },
      'file',
    );
    const disguised = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ photo: { ...pdf, FileName: 'x.jpg', ContentType: 'image/jpeg' } }),
        SensitiveConsent: true,
      },
      { as: other },
    );
    expect(disguised.status).toBe(400);
    expect(disguised.body.ErrMsg).toBe('证件照文件类型不支持');
  });

  it('GetForm answers the form and no application before applying', async () => {
    const res = await t.call(getForm, { ProjectId: projectId }, { as: other });
    expect(res.status).toBe(200);
    expect(res.body.Data.Form.Fields.map((f) => f.FieldId)).toContain('idNumber');
    expect(res.body.Data.Apply).toBeNull();
    expect(res.body.Data.Values).toBeNull();
    expect((await t.call(getForm, { ProjectId: projectId })).status).toBe(401);
    expect((await t.call(getForm, { ProjectId: 999999 }, { as: other })).status).toBe(404);
  });

  it('Apply refuses bad values with 400 and the fields at fault, writing nothing', async () => {
    const res = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({
          idNumber: '110101199001011230',
          mobile: '12345',
          hukou: ['11', '999999'],
          photo: {
            Url: 'https://evil.example/x.jpg',
            FileName: 'x.jpg',
            Size: 1000,
            ContentType: 'image/jpeg',
          },
          name: '',
        }),
      },
      { as: other },
    );
    expect(res.status).toBe(400);
    const errors = (res.body.Data as unknown as { FieldErrors: Record<string, string> })
      .FieldErrors;
    expect(errors).toMatchObject({
      idNumber: expect.stringContaining('身份证号不正确'),
      mobile: expect.stringContaining('手机号不正确'),
      hukou: '请选择有效的户籍所在地',
      photo: '证件照请通过上传获得',
      name: '请填写姓名',
    });
    expect(res.body.ErrMsg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await applicationOf(t.db, other, projectId)).toBeUndefined();
  });

  it('Apply refuses a position of another project, and a project not open for applications', async () => {
    const elsewhere = await firstPositionOf(t.db, await projectIdOf(t.db, SEED_PROJECTS.free));
    const wrong = await t.call(
      apply,
      { ProjectId: projectId, PositionId: elsewhere, Values: validValues({ photo }) },
      { as: other },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.Data).toEqual({ FieldErrors: { PositionId: '请选择本项目的岗位' } });
    const closedId = await projectIdOf(t.db, SEED_PROJECTS.ticketIssued);
    const closed = await t.call(
      apply,
      {
        ProjectId: closedId,
        PositionId: await firstPositionOf(t.db, closedId),
        Values: validValues({ photo }),
      },
      { as: other },
    );
    expect(closed.status).toBe(409);
    expect(closed.body.ErrMsg).toBe('报名已截止，不能再提交报名');
    const notYet = await projectIdOf(t.db, '2026年度中央机关及其直属机构考试录用公务员');
    const early = await t.call(
      apply,
      {
        ProjectId: notYet,
        PositionId: await firstPositionOf(t.db, notYet),
        Values: validValues({ photo }),
      },
      { as: other },
    );
    expect(early.status).toBe(409);
  });

  it('Apply accepts good values once; a second application is a 409', async () => {
    expect(
      (
        await t.call(apply, {
          ProjectId: projectId,
          PositionId: positionId,
          Values: validValues({ photo }),
        })
      ).status,
    ).toBe(401);
    // The form asks ID numbers, photos and household registration: not without their own consent.
    const unconsented = await t.call(
      apply,
      { ProjectId: projectId, PositionId: positionId, Values: validValues({ photo }) },
      { as: other },
    );
    expect(unconsented.status).toBe(400);
    expect(unconsented.body.ErrMsg).toBe(SENSITIVE_CONSENT_REQUIRED);
    expect(unconsented.body.Data).toEqual({
      FieldErrors: { SensitiveConsent: SENSITIVE_CONSENT_REQUIRED },
    });
    expect(await applicationOf(t.db, other, projectId)).toBeUndefined();
    const asked = await t.call(getForm, { ProjectId: projectId }, { as: other });
    expect(asked.body.Data.SensitiveConsent).toMatchObject({
      Fields: ['身份证号', '户籍所在地', '证件照'],
      RetentionDays: 180,
      Given: false,
    });

    const res = await t.call(
      apply,
      // Work fields are hidden when hasWork is no, so their values are dropped, not checked.
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ photo, workUnit: 'x'.repeat(500) }),
        SensitiveConsent: true,
      },
      { as: other, remoteAddress: '203.0.113.9' },
    );
    expect(res.status).toBe(200);
    const recorded = await t.db
      .select()
      .from(consents)
      .where(eq(consents.applicationId, res.body.Data.ApplyId));
    expect(recorded).toEqual([
      expect.objectContaining({
        userId: other,
        kind: 'sensitive-information',
        version: asked.body.Data.SensitiveConsent!.Version,
        address: '203.0.113.9',
        withdrawnAt: null,
      }),
    ]);
    expect(res.body.Data).toMatchObject({
      ProjectId: projectId,
      PositionId: positionId,
      Status: 'Submitted',
      OrderId: null,
    });
    const row = await applicationOf(t.db, other, projectId);
    expect(row!.values).not.toHaveProperty('workUnit');
    const again = await t.call(
      apply,
      { ProjectId: projectId, PositionId: positionId, Values: validValues({ photo }) },
      { as: other },
    );
    expect(again.status).toBe(409);
    expect(again.body.ErrMsg).toContain('您已报名该项目');

    const form = await t.call(getForm, { ProjectId: projectId }, { as: other });
    expect(form.body.Data.Apply?.ApplyId).toBe(res.body.Data.ApplyId);
    expect(form.body.Data.SensitiveConsent?.Given).toBe(true);
    expect(form.body.Data.Values).toMatchObject({ name: '赵小雨', hukou: ['31', '310115'] });
  });

  it('GetFormReport reads the application field by field; another user gets 404', async () => {
    const row = await applicationOf(t.db, other, projectId);
    const res = await t.call(getFormReport, { ApplyId: row!.id }, { as: other });
    expect(res.status).toBe(200);
    const display = Object.fromEntries(res.body.Data.Items.map((i) => [i.FieldId, i.Display]));
    expect(display).toMatchObject({ gender: '女', hukou: '上海市 浦东新区', photo: 'photo.jpg' });
    expect(display).not.toHaveProperty('workUnit');
    const theft = await t.call(getFormReport, { ApplyId: row!.id }, { as: t.demoUserId });
    expect(theft.status).toBe(404);
    expect(theft.body.ErrMsg).toBe('报名记录不存在');
  });

  it('ModifyApply: a returned application goes back to Submitted; others are refused with 409', async () => {
    const returned = await applicationOf(
      t.db,
      t.demoUserId,
      await projectIdOf(t.db, SEED_PROJECTS.returned),
    );
    expect(returned!.status).toBe('Returned');
    const bad = await t.call(
      modifyApply,
      { ApplyId: returned!.id, Values: { ...returned!.values, mobile: '1' } },
      { as: t.demoUserId },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Data).toHaveProperty('FieldErrors.mobile');
    const ok = await t.call(
      modifyApply,
      { ApplyId: returned!.id, Values: { ...returned!.values, major: '软件工程' } },
      { as: t.demoUserId },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.Data).toMatchObject({ Status: 'Submitted', ReviewRemark: null });
    const [events] = await t.db
      .select({ n: count() })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, returned!.id));
    expect(Number(events!.n)).toBe(4);

    const again = await t.call(
      modifyApply,
      { ApplyId: returned!.id, Values: returned!.values },
      { as: t.demoUserId },
    );
    expect(again.status).toBe(409);
    expect(again.body.ErrMsg).toBe('报名当前状态为“已提交”，只有草稿或退回修改的报名可以修改');
    const theirs = await t.call(
      modifyApply,
      { ApplyId: returned!.id, Values: returned!.values },
      { as: other },
    );
    expect(theirs.status).toBe(404);
  });

  it('a failing step inside the apply transaction leaves no row', async () => {
    const before = await t.db.select({ n: count() }).from(applications);
    const freeId = await projectIdOf(t.db, SEED_PROJECTS.free);
    const freePosition = await firstPositionOf(t.db, freeId);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(applications).values({
          userId: other,
          projectId: freeId,
          positionId: freePosition,
          values: {},
          status: 'Submitted',
        });
        // The history row points at no application: the whole transaction fails.
        await tx
          .insert(applicationEvents)
          .values({ applicationId: 987654, toStatus: 'Submitted', actor: 'candidate' });
      }),
    ).rejects.toThrow();
    const after = await t.db.select({ n: count() }).from(applications);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
  it("a child under 14 applies only with a guardian's consent, their mobile proved by a code (PIPL art. 31)", async () => {
    const [child] = await t.db
      .insert(users)
      .values({ tenantId: 1, mobile: '13622250000', name: '周小满', passwordHash: 'x' })
      .returning({ id: users.id });
    const childId = child!.id;
    const childPhoto = await storedPhoto(t, childId);
    const values = validValues({
      name: '周小满',
      idNumber: withCheckDigit('31011520150307002'),
      birthDate: '2015-03-07',
      photo: childPhoto,
    });
    const send = (Guardian?: Parameters<typeof t.call<typeof apply>>[1]['Guardian']) =>
      t.call(
        apply,
        {
          ProjectId: projectId,
          PositionId: positionId,
          Values: values,
          SensitiveConsent: true,
          Guardian,
        },
        { as: childId },
      );
    const alone = await send();
    expect(alone.status).toBe(400);
    expect(alone.body.Data).toEqual({ FieldErrors: { Guardian: GUARDIAN_CONSENT_REQUIRED } });
    // A code proved for another scene, or for another number, is no guardian's consent.
    const guardianMobile = '13622259999';
    const otherScene = await obtainVerifyToken(t, guardianMobile, 'ChangeMobile', childId);
    const guardian = { Name: '周大山', Mobile: guardianMobile, Agreed: true as const };
    expect((await send({ ...guardian, VerifyToken: otherScene })).status).toBe(419);
    expect(await applicationOf(t.db, childId, projectId)).toBeUndefined();

    const proved = await obtainVerifyToken(t, guardianMobile, 'GuardianConsent', childId);
    const res = await send({ ...guardian, VerifyToken: proved });
    expect(res.status).toBe(200);
    const [recorded] = await t.db
      .select()
      .from(consents)
      .where(and(eq(consents.applicationId, res.body.Data.ApplyId), eq(consents.kind, 'guardian')));
    expect(recorded).toMatchObject({ guardianName: '周大山', guardianMobile, userId: childId });
    const [stored] = await t.db
      .select({ text: sql<string>`${consents.guardianMobile}` })
      .from(consents)
      .where(eq(consents.id, recorded!.id));
    expect(stored!.text).toMatch(/^sealed:v1:/);
    const form = await t.call(getForm, { ProjectId: projectId }, { as: childId });
    expect(form.body.Data.GuardianGiven).toBe(true);
    expect(form.body.Data.Today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
