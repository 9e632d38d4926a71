import {
  changeMobile,
  closeAccount,
  getPlatformPower,
  getNotifySetting,
  getUser,
  getUserApplyArchive,
  realPersonVerify,
  saveNotifySetting,
  saveUserApplyArchive,
  updateHeadPortrait,
  updateLoginPwd,
  type UserProfile,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema/index.js';
import { DEMO_ID_NUMBER } from '../../testing/demo-fixtures.js';
import { hashPassword, verifyPassword } from '../../domain/accounts/passwords.js';
import { storeUpload, uploadStoreOf } from '../../domain/uploads/uploads.js';
import * as accounts from '../../domain/accounts/users.js';
import { blindIndex } from '../../platform/sealed-values.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { obtainVerifyToken } from '../exam-message/sms-test-kit.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('User account', () => {
  let t: TestApp;
  let wangId: number;
  const newUser = async (mobile: string, password = 'Start@2024') => {
    const [row] = await t.db
      .insert(users)
      .values({ tenantId: 1, mobile, name: '测试用户', passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    return row!.id;
  };
  beforeAll(async () => {
    t = await createTestApp();
    const [wang] = await t.db.select().from(users).where(eq(users.mobile, '13900139000'));
    wangId = wang!.id;
  });
  afterAll(() => t.close());

  describe('GetUser', () => {
    it('answers the profile with the mobile masked', async () => {
      const { status, body } = await t.call(getUser, {}, { as: t.demoUserId });
      expect(status).toBe(200);
      expect(body.Data).toMatchObject({
        UserId: t.demoUserId,
        Name: '李明',
        Mobile: '138****8000',
        IsRealName: false,
        IdNumber: null,
        IsBindWeChat: false,
      });
    });
    it('needs a sign-in', async () => {
      expect((await t.call(getUser, {})).status).toBe(401);
    });
  });

  describe('GetNotifySetting / SaveNotifySetting (issue 30, point 16)', () => {
    it('reminders are on until the candidate stops them, and on again when asked', async () => {
      const id = await newUser('13700137001');
      expect((await t.call(getNotifySetting, {}, { as: id })).body.Data).toEqual({
        RemindersOn: true,
      });
      const off = await t.call(saveNotifySetting, { RemindersOn: false }, { as: id });
      expect(off.body.Data).toEqual({ RemindersOn: false });
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row!.remindersOn).toBe(false);
      expect((await t.call(getNotifySetting, {}, { as: id })).body.Data).toEqual({
        RemindersOn: false,
      });
      await t.call(saveNotifySetting, { RemindersOn: true }, { as: id });
      expect((await t.call(getNotifySetting, {}, { as: id })).body.Data).toEqual({
        RemindersOn: true,
      });
    });
    it('needs a sign-in and a yes or no', async () => {
      expect((await t.call(getNotifySetting, {})).status).toBe(401);
      expect((await t.call(saveNotifySetting, { RemindersOn: false })).status).toBe(401);
      expect(
        (await t.call(saveNotifySetting, { RemindersOn: 'no' }, { as: t.demoUserId })).status,
      ).toBe(400);
    });
  });

  describe('apply archive', () => {
    it('the demo archive is pre-filled', async () => {
      const { body } = await t.call(getUserApplyArchive, {}, { as: t.demoUserId });
      expect(body.Data.Values).toMatchObject({
        name: '李明',
        idNumber: DEMO_ID_NUMBER,
        mobile: '13800138000',
      });
      expect(body.Data.UpdateTime).not.toBeNull();
    });
    it('an empty archive for a user without one', async () => {
      const { body } = await t.call(getUserApplyArchive, {}, { as: wangId });
      expect(body.Data).toEqual({ Values: {}, UpdateTime: null });
    });
    it('saves values, photos included when they were uploaded here', async () => {
      const { Url: _, ...photo } = await storeUpload(
        uploadStoreOf(t.deps),
        wangId,
        { fileName: 'me.png', data: PNG },
        'photo',
      );
      const values = {
        name: '王芳',
        idNumber: '440306199211153427',
        photo,
        region: ['110000', '110100'],
        age: 32,
      };
      const { status, body } = await t.call(
        saveUserApplyArchive,
        { Values: values },
        { as: wangId },
      );
      expect(status).toBe(200);
      const shown = { ...values, photo: { ...photo, Url: expect.stringMatching(/^\/uploads\//) } };
      expect(body.Data.Values).toEqual(shown);
      expect((await t.call(getUserApplyArchive, {}, { as: wangId })).body.Data.Values).toEqual(
        shown,
      );
    });
    it('refuses a wrong ID number and a file not uploaded here, naming the fields', async () => {
      const { status, body } = await t.call(
        saveUserApplyArchive,
        {
          Values: {
            idNumber: '440306199211153428',
            photo: {
              Url: 'https://evil.example/x.png',
              FileName: 'x.png',
              Size: 10,
              ContentType: 'image/png',
            },
            mobile: '123',
          },
        },
        { as: wangId },
      );
      expect(status).toBe(400);
      expect(body.ErrMsg).toMatch(/^报名档案有误/);
      expect(
        Object.keys((body.Data as unknown as { FieldErrors: object }).FieldErrors).sort(),
      ).toEqual(['idNumber', 'mobile', 'photo']);
    });
    it('refuses values of the wrong shape', async () => {
      const { status } = await t.call(
        saveUserApplyArchive,
        { Values: { x: { nested: true } } },
        { as: wangId },
      );
      expect(status).toBe(400);
    });
  });

  describe('RealPersonVerify', () => {
    it('verifies name and ID number and masks the number', async () => {
      const { status, body } = await t.call(
        realPersonVerify,
        { Name: '李明', IdNumber: DEMO_ID_NUMBER },
        { as: t.demoUserId },
      );
      expect(status).toBe(200);
      expect(body.Data.IsRealName).toBe(true);
      expect(body.Data.IdNumber).toBe('1101**********2813');
    });
    it('refuses a wrong check digit with the field named', async () => {
      const { status, body } = await t.call(
        realPersonVerify,
        { Name: '王芳', IdNumber: '440306199211153428' },
        { as: wangId },
      );
      expect(status).toBe(400);
      expect(body.Data).toMatchObject({
        FieldErrors: { IdNumber: expect.stringContaining('身份证号码不正确') },
      });
    });
    it('answers a claim of an ID number verified on another account like any other, and holds it for support', async () => {
      const fresh = await newUser('13655550001');
      const claims = [
        { as: wangId, Name: '李明', IdNumber: DEMO_ID_NUMBER },
        { as: fresh, Name: '赵六', IdNumber: '110105198506150014' },
      ] as const;
      const [taken, free] = await Promise.all(
        claims.map(({ as, ...input }) => t.call(realPersonVerify, input, { as })),
      );
      expect([taken!.status, free!.status]).toEqual([200, 200]);
      const shape = (data: UserProfile) => ({
        ...data,
        UserId: 0,
        Name: '',
        Mobile: '',
        IdNumber: data.IdNumber?.replace(/\d/g, '0'),
        CreateTime: '',
      });
      expect(shape(taken!.body.Data)).toEqual(shape(free!.body.Data));
      expect(taken!.body.ErrMsg).toBe(free!.body.ErrMsg);
      // Read back later, the held claim still looks like any verified one to its account.
      const later = await t.call(getUser, {}, { as: wangId });
      expect(later.body.Data).toMatchObject({ IsRealName: true, IdNumber: '1101**********2813' });
      // Support sees the held claim; the verified account keeps the number.
      const [held] = await t.db.select().from(users).where(eq(users.id, wangId));
      expect(held).toMatchObject({ isRealName: false, idNumber: DEMO_ID_NUMBER });
      const [verified] = await t.db.select().from(users).where(eq(users.id, t.demoUserId));
      expect(verified).toMatchObject({ isRealName: true, idNumber: DEMO_ID_NUMBER });
      // An account keeps its first claim, held or verified alike.
      const again = await t.call(
        realPersonVerify,
        { Name: '王芳', IdNumber: '320102198805120034' },
        { as: wangId },
      );
      expect(again.status).toBe(409);
    });
    it('two accounts claiming one number at once are answered alike: one verified, one held', async () => {
      const ids = await Promise.all([newUser('13655550002'), newUser('13655550003')]);
      const IdNumber = '110105198506150022';
      // Straight to the domain, so both look for a holder before either writes.
      const answers = await Promise.all(
        ids.map((id) => accounts.realPersonVerify(t.deps, id, '钱七', IdNumber)),
      );
      expect(answers.map((a) => a.IsRealName)).toEqual([true, true]);
      const rows = await t.db
        .select()
        .from(users)
        .where(eq(users.idNumberIndex, blindIndex(t.deps.secrets.blindIndexKey, IdNumber)));
      expect(rows.map((r) => r.isRealName).sort()).toEqual([false, true]);
    });
    it('the database holds one verified active account per ID number, even past the check', async () => {
      await expect(
        t.db
          .update(users)
          .set({
            isRealName: true,
            realName: '李明',
            idNumber: DEMO_ID_NUMBER,
            idNumberIndex: blindIndex(t.deps.secrets.blindIndexKey, DEMO_ID_NUMBER),
          })
          .where(eq(users.id, wangId)),
      ).rejects.toSatisfy(isUniqueViolation);
    });
    it('refuses a pair the register does not hold, and counts the checks of a day', async () => {
      const id = await newUser('13655550004');
      const answers = [];
      for (let i = 0; i <= accounts.IDENTITY_CHECKS_PER_ACCOUNT_PER_DAY; i++)
        answers.push(
          await t.call(
            realPersonVerify,
            { Name: '张三', IdNumber: '11010519491231002X' },
            { as: id },
          ),
        );
      expect(answers[0]!.status).toBe(400);
      expect(answers[0]!.body.ErrMsg).toBe(accounts.NAME_AND_NUMBER_DIFFER);
      expect(answers.at(-1)!.status).toBe(429);
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ isRealName: false, idNumber: null, idNumberIndex: null });
    });
    it('a verified account cannot switch identity', async () => {
      const { status } = await t.call(
        realPersonVerify,
        { Name: '李明', IdNumber: '320102198805120034' },
        { as: t.demoUserId },
      );
      expect(status).toBe(409);
    });
  });

  describe('UpdateHeadPortrait', () => {
    it('takes an image uploaded here', async () => {
      const upload = await storeUpload(
        uploadStoreOf(t.deps),
        t.demoUserId,
        { fileName: 'a.png', data: PNG },
        'avatar',
      );
      const { status, body } = await t.call(
        updateHeadPortrait,
        { HeadPortrait: upload.FileId },
        { as: t.demoUserId },
      );
      expect(status).toBe(200);
      expect(body.Data.HeadPortrait).toBe(`/uploads/${upload.FileId}`);
    });
    it("refuses an outside address, a missing file or another account's image", async () => {
      const others = await storeUpload(
        uploadStoreOf(t.deps),
        wangId,
        { fileName: 'a.png', data: PNG },
        'avatar',
      );
      for (const url of [
        'https://evil.example/a.png',
        'AAAAAAAAAAAAAAAAAAAAAA',
        '/uploads/../secrets.json',
        others.FileId,
      ]) {
        const { status, body } = await t.call(
          updateHeadPortrait,
          { HeadPortrait: url },
          { as: t.demoUserId },
        );
        expect(status).toBe(400);
        expect(body.ErrMsg).toBe('头像须为您已上传的图片，请重新上传');
      }
    });
    it('refuses a PDF as an avatar', async () => {
      const pdf = await storeUpload(
        uploadStoreOf(t.deps),
        t.demoUserId,
        { fileName: 'a.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
        'file',
      );
      expect(
        (await t.call(updateHeadPortrait, { HeadPortrait: pdf.FileId }, { as: t.demoUserId }))
          .status,
      ).toBe(400);
    });
  });

  describe('UpdateLoginPwd', () => {
    it('refuses a wrong old password', async () => {
      const { status, body } = await t.call(
        updateLoginPwd,
        { OldPassword: 'Wrong@123456', NewPassword: 'Newpass123' },
        { as: t.demoUserId },
      );
      expect(status).toBe(400);
      expect(body.ErrMsg).toBe('原密码不正确');
      expect(body.Data).toEqual({ FieldErrors: { OldPassword: '原密码不正确' } });
    });
    it('refuses the same password and a weak one', async () => {
      const same = await t.call(
        updateLoginPwd,
        { OldPassword: 'Demo@123456', NewPassword: 'Demo@123456' },
        { as: t.demoUserId },
      );
      expect(same.status).toBe(400);
      expect(same.body.ErrMsg).toBe('新密码不能与原密码相同');
      const weak = await t.call(
        updateLoginPwd,
        { OldPassword: 'Demo@123456', NewPassword: 'abc' },
        { as: t.demoUserId },
      );
      expect(weak.status).toBe(400);
      expect(weak.body.Data).toMatchObject({
        FieldErrors: { NewPassword: expect.stringContaining('8-20位') },
      });
    });
    it('changes the password', async () => {
      const id = await newUser('13611110000', 'Start@2024');
      const { status } = await t.call(
        updateLoginPwd,
        { OldPassword: 'Start@2024', NewPassword: 'Better2025x' },
        { as: id },
      );
      expect(status).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(await verifyPassword('Better2025x', row!.passwordHash)).toBe(true);
    });
  });

  describe('ChangeMobile', () => {
    it('changes the number with a VerifyToken for that number', async () => {
      const id = await newUser('13622220000');
      const token = await obtainVerifyToken(t, '13622229999', 'ChangeMobile', id);
      const { status, body } = await t.call(
        changeMobile,
        { Mobile: '13622229999', VerifyToken: token, Password: 'Start@2024' },
        { as: id },
      );
      expect(status).toBe(200);
      expect(body.Data.Mobile).toBe('136****9999');
      // Single use.
      const again = await t.call(
        changeMobile,
        { Mobile: '13622229999', VerifyToken: token, Password: 'Start@2024' },
        { as: id },
      );
      expect(again.status).toBe(400);
    });
    it('needs the account password: a token and a code for the new number alone move nothing (issue 30, point 8)', async () => {
      const id = await newUser('13622240000');
      const token = await obtainVerifyToken(t, '13622249999', 'ChangeMobile', id);
      const without = await t.call(
        changeMobile,
        { Mobile: '13622249999', VerifyToken: token } as never,
        { as: id },
      );
      expect(without.status).toBe(400);
      const wrong = await t.call(
        changeMobile,
        { Mobile: '13622249999', VerifyToken: token, Password: 'Guess@2024' },
        { as: id },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.Data).toEqual({ FieldErrors: { Password: '登录密码不正确' } });
      // The refusal spent no proof: the owner retries with the password and the same token.
      const right = await t.call(
        changeMobile,
        { Mobile: '13622249999', VerifyToken: token, Password: 'Start@2024' },
        { as: id },
      );
      expect(right.status).toBe(200);
      expect(right.body.Data.Mobile).toBe('136****9999');
    });
    it('carries the new number into the apply archive that held the old one (issue 30, point 5)', async () => {
      const id = await newUser('13622230000');
      await t.call(
        saveUserApplyArchive,
        { Values: { name: '孙八', mobile: '13622230000' } },
        { as: id },
      );
      const token = await obtainVerifyToken(t, '13622239999', 'ChangeMobile', id);
      const changed = await t.call(
        changeMobile,
        { Mobile: '13622239999', VerifyToken: token, Password: 'Start@2024' },
        { as: id },
      );
      expect(changed.status).toBe(200);
      const archive = await t.call(getUserApplyArchive, {}, { as: id });
      expect(archive.body.Data.Values).toEqual({ name: '孙八', mobile: '13622239999' });
    });
    it('a token for another number, a made-up or a spent token is 419', async () => {
      const id = await newUser('13633330000');
      const token = await obtainVerifyToken(t, '13633331111', 'ChangeMobile', id);
      const other = await t.call(
        changeMobile,
        { Mobile: '13633332222', VerifyToken: token, Password: 'Start@2024' },
        { as: id },
      );
      expect(other.status).toBe(419);
      expect(other.body.ErrMsg).toMatch(/请重新获取验证码/);
      const made = await t.call(
        changeMobile,
        { Mobile: '13633331111', VerifyToken: 'made-up', Password: 'Start@2024' },
        { as: id },
      );
      expect(made.status).toBe(419);
    });
    it('tells that a number is taken only to whoever proved they hold it', async () => {
      const id = await newUser('13644470000');
      const guesses = await Promise.all(
        ['13900139000', '13644449999'].map((Mobile) =>
          t.call(
            changeMobile,
            { Mobile, VerifyToken: 'made-up', Password: 'Start@2024' },
            { as: id },
          ),
        ),
      );
      expect(guesses.map((g) => g.status)).toEqual([419, 419]);
      // Alike but for the id each refusal gives its own request.
      expect(guesses[0]!.body).toEqual({ ...guesses[1]!.body, RequestId: expect.any(String) });
      const token = await obtainVerifyToken(t, '13900139000', 'ChangeMobile', id);
      const proven = await t.call(
        changeMobile,
        { Mobile: '13900139000', VerifyToken: token, Password: 'Start@2024' },
        { as: id },
      );
      expect(proven.status).toBe(409);
      expect(proven.body.ErrMsg).toBe('该手机号已被其他账号使用');
    });
    it('refuses a malformed number and needs a sign-in', async () => {
      expect(
        (
          await t.call(
            changeMobile,
            { Mobile: '99', VerifyToken: 'x', Password: 'x' },
            { as: t.demoUserId },
          )
        ).status,
      ).toBe(400);
      expect(
        (await t.call(changeMobile, { Mobile: '13600000000', VerifyToken: 'x', Password: 'x' }))
          .status,
      ).toBe(401);
    });
  });

  describe('CloseAccount', () => {
    it('closes with a VerifyToken for the own number; the number is freed and the token stops working', async () => {
      const id = await newUser('13644440000');
      const token = await obtainVerifyToken(t, '13644440000', 'CloseAccount', id);
      const { status, body } = await t.call(closeAccount, { VerifyToken: token }, { as: id });
      expect(status).toBe(200);
      expect(body.Data).toBeNull();
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({
        status: 'closed',
        mobile: null,
        closedMobile: '13644440000',
        weChatOpenId: null,
      });
      expect((await t.call(getUser, {}, { as: id })).status).toBe(401);
      // The number can sign up again.
      expect(await newUser('13644440000')).toBeGreaterThan(id);
    });
    it('a token for another scene or number is 419', async () => {
      const id = await newUser('13655550000');
      const signIn = await obtainVerifyToken(t, '13655550000', 'SignIn');
      expect((await t.call(closeAccount, { VerifyToken: signIn }, { as: id })).status).toBe(419);
      expect((await t.call(closeAccount, { VerifyToken: '' }, { as: id })).status).toBe(400);
      expect((await t.call(closeAccount, { VerifyToken: 'x' })).status).toBe(401);
    });
  });

  describe('GetPlatformPower', () => {
    it('lists every power for a signed-in user and fewer for a visitor', async () => {
      const signedIn = await t.call(getPlatformPower, {}, { as: t.demoUserId });
      expect(signedIn.body.Data.Powers).toContain('apply');
      const anonymous = await t.call(getPlatformPower, {});
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.Data.Powers).toEqual(['cooperate']);
    });
  });
});
