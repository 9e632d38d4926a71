import {
  checkCaptcha,
  cooperateApply,
  getCaptchaChallenge,
  getEquityBuy,
  getPageConfig,
} from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, refusal } from '../../testing/fake-server';
import { testChallenge } from '../../../platform/testing/captcha-fixture';
import { renderScreen, setUpScreenTests } from '../../testing/render-screen';
import {
  CAPTCHA_AGAIN,
  cooperateFormSchema,
  type CooperateValues,
  EMPTY_COOPERATE,
} from '../use-cooperate-form';
import SaasPage from './saas-page';
import { paths } from '../../../platform';

setUpScreenTests();

const PACKAGES = {
  Items: [
    {
      EquityId: 2,
      Name: '专业版',
      Description: '适合常态化组织考试的单位',
      PriceInFen: 2980000,
      DurationDays: 365,
      Features: ['不限报名项目'],
    },
  ],
};

let round = 0;
/** The endpoints the page and its human check call; each challenge and token is new. */
const servePage = () =>
  fakeServer()
    .on(getEquityBuy, PACKAGES)
    .on(getPageConfig, {
      IsNotFound: false,
      TenantId: 1,
      TenantName: 't',
      LogoUrl: '',
      ServicePhone: '',
    })
    .on(getCaptchaChallenge, () => testChallenge())
    .on(checkCaptcha, () => ({ CaptchaToken: `token-c${(round += 1)}` }));

/** The proof of work runs by itself: waits until its status says it passed. */
const humanCheckPassed = () => screen.findByText('安全验证已通过');

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The schema's verdict: the body to send, or the first message per field at fault. */
function checkCooperate(values: CooperateValues) {
  const result = cooperateFormSchema.safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return { ok: false, problems };
}

describe('the cooperation form is checked before it is sent', () => {
  it('names each required field, a wrong mobile and email, and a remark over 500 characters', () => {
    const result = checkCooperate({
      ...EMPTY_COOPERATE,
      Mobile: '1380013800',
      Email: 'name@',
      Remark: '字'.repeat(501),
    });
    expect(result).toEqual({
      ok: false,
      problems: {
        CompanyName: '请填写单位名称',
        ContactName: '请填写联系人',
        Mobile: '请填写正确的11位手机号码',
        Email: '邮箱格式不正确，例如 name@example.com',
        Remark: '需求说明最多500个字',
        CaptchaToken: '请先完成安全验证',
      },
    });
  });

  it('sends trimmed values with the optional ones left out when empty', () => {
    expect(
      checkCooperate({
        ...EMPTY_COOPERATE,
        CompanyName: ' 某市人事考试中心 ',
        ContactName: '王老师',
        Mobile: '13800138000',
        Remark: '字'.repeat(500),
        CaptchaToken: 'token',
      }),
    ).toEqual({
      ok: true,
      body: {
        CompanyName: '某市人事考试中心',
        ContactName: '王老师',
        Mobile: '13800138000',
        Remark: '字'.repeat(500),
        CaptchaToken: 'token',
      },
    });
  });

  it('marks the fields at fault on the page, focuses the first, and sends nothing', async () => {
    const server = servePage().on(cooperateApply, { CooperateId: 1 });
    renderScreen(SaasPage, paths.saas());
    await humanCheckPassed();
    type(/单位名称/, '某市人事考试中心');
    type(/手机号码/, '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('请填写联系人')).toBeTruthy();
    expect(screen.getByText('请填写正确的11位手机号码')).toBeTruthy();
    const contact = screen.getByLabelText(/联系人/);
    expect(contact.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(contact);
    expect(server.calls(cooperateApply)).toHaveLength(0);
  });

  it('sends once with the chosen package, keeps values when refused, and clears after success', async () => {
    let fail = true;
    const server = servePage().on(cooperateApply, () =>
      fail
        ? refusal(400, '手机号码不正确', { FieldErrors: { Mobile: '该号码无法接收短信' } })
        : { CooperateId: 9 },
    );
    renderScreen(SaasPage, paths.saas());
    fireEvent.click(await screen.findByRole('button', { name: '咨询购买专业版' }));
    type(/单位名称/, '某市人事考试中心');
    type(/联系人/, '王老师');
    type(/手机号码/, '13800138000');
    await humanCheckPassed();
    const submit = screen.getByRole('button', { name: '提交申请' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('该号码无法接收短信')).toBeTruthy();
    expect(server.calls(cooperateApply)).toHaveLength(1);
    expect(server.calls(cooperateApply)[0]!.input).toEqual({
      CompanyName: '某市人事考试中心',
      ContactName: '王老师',
      Mobile: '13800138000',
      EquityId: 2,
      CaptchaToken: expect.stringMatching(/^token-c\d+$/),
    });
    expect((screen.getByLabelText(/单位名称/) as HTMLInputElement).value).toBe('某市人事考试中心');

    fail = false;
    // The token was spent: a new check runs for the next try.
    await waitFor(() => expect(server.calls(checkCaptcha)).toHaveLength(2));
    await humanCheckPassed();
    fireEvent.click(submit);
    await waitFor(() => expect(server.calls(cooperateApply)).toHaveLength(2));
    const tokens = server.calls(cooperateApply).map((c) => c.input.CaptchaToken);
    expect(tokens[1]).not.toBe(tokens[0]);
    expect(await screen.findByText('提交成功，我们会尽快与您联系。')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(/单位名称/) as HTMLInputElement).value).toBe(''),
    );
  });

  it('a spent human check (419) runs a new one, no toast', async () => {
    const server = servePage().on(cooperateApply, () => refusal(419, '请重新完成安全验证'));
    renderScreen(SaasPage, paths.saas());
    type(/单位名称/, '某市人事考试中心');
    type(/联系人/, '王老师');
    type(/手机号码/, '13800138000');
    await humanCheckPassed();
    fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText(CAPTCHA_AGAIN)).toBeTruthy();
    await waitFor(() => expect(server.calls(getCaptchaChallenge)).toHaveLength(2));
    expect(server.calls(cooperateApply)).toHaveLength(1);
  });
});
