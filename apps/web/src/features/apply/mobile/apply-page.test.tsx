import {
  apply,
  formWithApplySchema,
  getForm,
  getUserApplyArchive,
  idNumberCheckDigit,
  modifyApply,
  saveApplyDraft,
  saveUserApplyArchive,
  SENSITIVE_CONSENT_REQUIRED,
  verifyShortMessage,
  type ApplyDraft,
  type FormField,
} from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, refusal } from '../../testing/fake-server';
import { applySummary } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { paths, personalStorage } from '../../../platform';
import { DRAFT_SAVE_DELAY_MS } from '../use-draft-sync';
import { draftKey, writeDraft } from '../draft';
import { GUARDIAN_AGREE_LABEL } from '../guardian-consent';
import { SENSITIVE_CONSENT_LABEL } from '../sensitive-consent';
import ApplyPage from './apply-page';

setUpScreenTests();

const FIELDS: FormField[] = [
  { FieldId: 'name', Label: '姓名', Type: 'text', Required: true },
  { FieldId: 'idcard', Label: '身份证号', Type: 'idcard', Required: true },
  { FieldId: 'mobile', Label: '手机号码', Type: 'mobile', Required: true },
  { FieldId: 'email', Label: '电子邮箱', Type: 'email', Required: false },
  {
    FieldId: 'edu',
    Label: '学历',
    Type: 'radio',
    Required: true,
    Options: [
      { Label: '本科', Value: 'bachelor' },
      { Label: '硕士', Value: 'master' },
    ],
  },
];
const VALID_ID = '11010519491231002X';

function formAnswer(
  apply: ReturnType<typeof applySummary> | null = null,
  values: Record<string, string> | null = null,
  draft: ApplyDraft | null = null,
) {
  return formWithApplySchema.parse({
    Form: { FormId: 1, ProjectId: 1, Title: '报名登记表', Fields: FIELDS },
    Apply: apply,
    Values: values,
    // The ID number is sensitive: the form asks its own consent, given once with the application.
    SensitiveConsent: {
      Version: 'form-1-0123456789abcdef',
      Fields: ['身份证号'],
      RetentionDays: 180,
      Recipient: '本项目主办单位的资格审核人员',
      Given: apply !== null,
    },
    GuardianGiven: false,
    Today: '2026-11-26',
    Draft: draft,
  });
}
const PATH = paths.apply({ ProjectId: 1, PositionId: 11 });
/** The form with a birth date that belongs to its ID number. */
const FORM_WITH_BIRTH = formWithApplySchema.parse({
  ...formAnswer(),
  Form: {
    ...formAnswer().Form,
    Fields: [
      ...FIELDS,
      { FieldId: 'birth', Label: '出生日期', Type: 'date', Required: true, BirthDateOf: 'idcard' },
    ],
  },
});

function serve(form = formAnswer(), archive: Record<string, string> = {}) {
  signIn();
  return fakeServer()
    .on(getForm, form)
    .on(getUserApplyArchive, { Values: archive, UpdateTime: null })
    .on(saveApplyDraft, { Revision: 1, UpdateTime: '2026-11-26T10:00:00+08:00' });
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

describe('apply: the application form', () => {
  it('is pre-filled from the apply archive', async () => {
    serve(formAnswer(), { name: '张三', mobile: '13800138000', unknown: 'x' });
    renderScreen(ApplyPage, PATH);
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('张三');
    expect(field('手机号码').value).toBe('13800138000');
  });

  it('keeps a pre-filled birth date, and refuses it when the ID number carries another', async () => {
    serve(FORM_WITH_BIRTH, { birth: '1949-12-30' }).on(apply, applySummary());
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    // Pre-filled (from the archive) and so kept: the rule says it disagrees.
    type('身份证号', VALID_ID);
    fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
    expect(
      await screen.findByText('出生日期与身份证号码不一致（身份证号码中为 1949-12-31）'),
    ).toBeTruthy();
  });

  it('fills an empty birth date from a valid ID number as it is typed', async () => {
    serve(FORM_WITH_BIRTH);
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('身份证号', VALID_ID);
    expect(await screen.findByText('1949-12-31')).toBeTruthy();
  });

  it('refuses a bad ID number before sending: the message sits under the field, which gets focus', async () => {
    const server = serve().on(apply, applySummary());
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '张三');
    type('身份证号', '110105194912310021');
    type('手机号码', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
    expect(await screen.findByText('身份证号不正确，请填写18位居民身份证号码')).toBeTruthy();
    expect(screen.getByText('请选择学历')).toBeTruthy();
    expect(document.activeElement).toBe(field('身份证号'));
    expect(server.calls(apply)).toHaveLength(0);
  });

  it('submits a valid form once, clears the draft and goes to the project', async () => {
    let release = () => {};
    const server = serve().on(
      apply,
      () =>
        new Promise((resolve) => {
          release = () => resolve(applySummary());
        }),
    );
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '张三');
    type('身份证号', VALID_ID);
    type('手机号码', '13800138000');
    fireEvent.click(screen.getByRole('radio', { name: '本科' }));
    expect(personalStorage.read(draftKey(1))).toContain('张三');
    fireEvent.click(screen.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }));
    const submit = screen.getByRole('button', { name: /提交报名/ });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    release();
    expect((await screen.findByTestId('location')).textContent).toBe(
      paths.flowManage({ ProjectId: 1 }),
    );
    expect(server.calls(apply)).toHaveLength(1);
    expect(server.calls(apply)[0]?.input).toEqual({
      ProjectId: 1,
      PositionId: 11,
      Values: { name: '张三', idcard: VALID_ID, mobile: '13800138000', edu: 'bachelor' },
      SensitiveConsent: true,
    });
    expect(personalStorage.read(draftKey(1))).toBeNull();
  });

  it('asks the sensitive information’s own consent, unticked, and sends nothing until it is given', async () => {
    const server = serve().on(apply, applySummary());
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '张三');
    type('身份证号', VALID_ID);
    type('手机号码', '13800138000');
    fireEvent.click(screen.getByRole('radio', { name: '本科' }));
    expect(screen.getByRole('region', { name: '敏感个人信息处理规则' }).textContent).toContain(
      '项目考试结束后180天',
    );
    const box = screen.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SENSITIVE_CONSENT_REQUIRED);
    expect(document.activeElement).toBe(box);
    expect(server.calls(apply)).toHaveLength(0);
    fireEvent.click(box);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
    await waitFor(() => expect(server.calls(apply)).toHaveLength(1));
    expect(server.calls(apply)[0]?.input).toMatchObject({ SensitiveConsent: true });
  });

  it("a child under 14 (by the ID number, on the server's date) is sent only with the guardian's consent", async () => {
    const server = serve()
      .on(apply, applySummary())
      .on(verifyShortMessage, { VerifyToken: 'guardian-token', ExpiresInSeconds: 600 });
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '张小满');
    type('身份证号', VALID_ID);
    expect(screen.queryByRole('region', { name: '监护人同意' })).toBeNull();
    // Born 2012-11-27: thirteen on the server's 2026-11-26.
    const childId = '11010520121127002' + idNumberCheckDigit('11010520121127002');
    type('身份证号', childId);
    type('手机号码', '13800138000');
    fireEvent.click(screen.getByRole('radio', { name: '本科' }));
    fireEvent.click(screen.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }));
    const section = await screen.findByRole('region', { name: '监护人同意' });
    fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
    expect(await screen.findByText('请填写监护人姓名')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('监护人姓名'));
    expect(section.textContent).toContain('请由监护人勾选同意');
    expect(server.calls(apply)).toHaveLength(0);

    type('监护人姓名', '张大山');
    type('监护人手机号', '13900001111');
    type('监护人手机收到的验证码', '123456');
    fireEvent.click(screen.getByRole('checkbox', { name: GUARDIAN_AGREE_LABEL }));
    fireEvent.click(await screen.findByRole('button', { name: '提交报名' }));
    await waitFor(() => expect(server.calls(apply)).toHaveLength(1));
    expect(server.calls(verifyShortMessage)[0]?.input).toEqual({
      Mobile: '13900001111',
      Scene: 'GuardianConsent',
      Code: '123456',
    });
    expect(server.calls(apply)[0]?.input).toMatchObject({
      Guardian: {
        Name: '张大山',
        Mobile: '13900001111',
        VerifyToken: 'guardian-token',
        Agreed: true,
      },
    });
  });

  it('keeps what was typed after a reload, and on another device (the server’s draft)', async () => {
    let saved: ApplyDraft | null = null;
    serve()
      .on(getForm, () => formAnswer(null, null, saved))
      .on(saveApplyDraft, (input) => {
        saved = {
          PositionId: input.PositionId ?? null,
          Values: input.Values,
          Revision: (saved?.Revision ?? 0) + 1,
          UpdateTime: '2026-11-26T10:00:00+08:00',
        };
        return { Revision: saved.Revision, UpdateTime: saved.UpdateTime };
      });
    const first = renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '李四');
    first.unmount();
    const second = renderScreen(ApplyPage, PATH);
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('李四');
    second.unmount();
    // Another device holds nothing of it in its own storage.
    personalStorage.remove(draftKey(1));
    renderScreen(ApplyPage, paths.apply({ ProjectId: 1 }));
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('李四');
    expect(saved).toMatchObject({ PositionId: 11, Values: { name: '李四' } });
  });

  it('sends what was typed to the server once typing rests, with the chosen position', async () => {
    const server = serve();
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '李');
    type('姓名', '李四');
    await waitFor(() => expect(server.calls(saveApplyDraft)).toHaveLength(1), {
      timeout: DRAFT_SAVE_DELAY_MS * 3,
    });
    expect(server.calls(saveApplyDraft)[0]?.input).toMatchObject({
      ProjectId: 1,
      PositionId: 11,
      Values: { name: '李四' },
    });
    expect(
      await screen.findByText('草稿已于 10:00 自动保存，换一台设备登录也能接着填写'),
    ).toBeTruthy();
  });

  it('opens a draft saved on another device, with its position, over an older one kept here', async () => {
    signIn();
    writeDraft(1, { values: { name: '旧的' }, positionId: 12, revision: 2, pending: true });
    serve(
      formAnswer(null, null, {
        PositionId: 11,
        Values: { name: '手机上填的' },
        Revision: 3,
        UpdateTime: '2026-11-26T09:00:00+08:00',
      }),
    );
    // Opened without a position, as from a link to the form on the desktop.
    renderScreen(ApplyPage, paths.apply({ ProjectId: 1 }));
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('手机上填的');
    expect(screen.getByRole('button', { name: '提交报名' })).toBeTruthy();
  });

  it('keeps typing made here that the server has not seen over the draft it was based on', async () => {
    signIn();
    writeDraft(1, { values: { name: '这里后填的' }, positionId: 11, revision: 3, pending: true });
    const server = serve(
      formAnswer(null, null, {
        PositionId: 11,
        Values: { name: '手机上填的' },
        Revision: 3,
        UpdateTime: '2026-11-26T09:00:00+08:00',
      }),
    );
    renderScreen(ApplyPage, PATH);
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('这里后填的');
    // And it goes to the server without waiting for more typing.
    await waitFor(() => expect(server.calls(saveApplyDraft)).toHaveLength(1), {
      timeout: DRAFT_SAVE_DELAY_MS * 3,
    });
    expect(server.calls(saveApplyDraft)[0]?.input).toMatchObject({
      Values: { name: '这里后填的' },
    });
  });

  it('a 400 refusal keeps every typed value and marks the fields it names', async () => {
    serve().on(
      apply,
      refusal(400, '报名信息有误', { FieldErrors: { mobile: '该手机号码已被其他报名使用' } }),
    );
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '张三');
    type('身份证号', VALID_ID);
    type('手机号码', '13800138000');
    fireEvent.click(screen.getByRole('radio', { name: '硕士' }));
    fireEvent.click(screen.getByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL }));
    fireEvent.click(screen.getByRole('button', { name: '提交报名' }));
    expect(await screen.findByText('该手机号码已被其他报名使用')).toBeTruthy();
    expect(field('姓名').value).toBe('张三');
    expect(field('身份证号').value).toBe(VALID_ID);
    expect(field('手机号码').value).toBe('13800138000');
  });

  it('a returned application shows the reviewer’s reason and is changed with ModifyApply', async () => {
    const server = serve(
      formAnswer(applySummary({ Status: 'Returned', ReviewRemark: '照片不清晰，请重新上传' }), {
        name: '张三',
        idcard: VALID_ID,
        mobile: '13800138000',
        edu: 'bachelor',
      }),
    ).on(modifyApply, applySummary({ Status: 'Submitted' }));
    renderScreen(ApplyPage, paths.apply({ ProjectId: 1 }));
    expect(await screen.findByText('审核意见：照片不清晰，请重新上传')).toBeTruthy();
    expect(field('姓名').value).toBe('张三');
    // Its consent is on record: said, not asked again.
    expect(screen.getByText('您已同意以上规则。')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: SENSITIVE_CONSENT_LABEL })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交修改' }));
    await waitFor(() => expect(server.calls(modifyApply)).toHaveLength(1));
    expect(server.calls(modifyApply)[0]?.input).toMatchObject({ ApplyId: 5 });
    expect(server.calls(modifyApply)[0]?.input).not.toHaveProperty('SensitiveConsent');
  });

  it('saves what was typed as the apply archive', async () => {
    const server = serve().on(saveUserApplyArchive, {
      Values: { name: '王五' },
      UpdateTime: '2026-03-02T10:00:00+08:00',
    });
    renderScreen(ApplyPage, PATH);
    await screen.findByLabelText('姓名');
    type('姓名', '王五');
    fireEvent.click(screen.getByRole('button', { name: '保存为报名档案' }));
    await waitFor(() => expect(server.calls(saveUserApplyArchive)).toHaveLength(1));
    expect(server.calls(saveUserApplyArchive)[0]?.input).toEqual({ Values: { name: '王五' } });
  });
});
