import {
  changeMobile,
  checkCaptcha,
  getCaptchaChallenge,
  getNotifySetting,
  getPageConfig,
  getUser,
  getUserApplyArchive,
  saveNotifySetting,
  sendVerifyShortMessage,
  updateLoginPwd,
  verifyShortMessage,
} from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths, useSessionStore } from '../../../platform';
import { fakeServer, refusal } from '../../testing/fake-server';
import { testChallenge } from '../../../platform/testing/captcha-fixture';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import MyAccountPage from './my-account-page';
import { passwordChangeSchema } from '../use-password-change-form';
import ResetPasswordPage from './reset-password-page';
import ResetPhonePage from './reset-phone-page';

setUpScreenTests();

const profileFixture = () => ({
  UserId: 7,
  Name: '张三',
  Mobile: '138****8000',
  HeadPortrait: '',
  IsRealName: false,
  IdNumber: null,
  IsBindWeChat: false,
  CreateTime: '2024-01-01T08:00:00+08:00',
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('my/myAccount (no login check, §2)', () => {
  it('asks an anonymous visitor to sign in instead of loading anything', async () => {
    const server = fakeServer();
    renderScreen(MyAccountPage, paths.myAccount());
    expect(await screen.findByRole('button', { name: '登录 / 注册' })).toBeTruthy();
    expect(server.fetchMock).not.toHaveBeenCalled();
  });
});

describe('my/myAccount: the reminders switch (issue 30, point 16)', () => {
  it('shows the saved setting and turns the reminders off and on again through the server', async () => {
    let remindersOn = true;
    const server = fakeServer()
      .on(getUser, profileFixture())
      .on(getUserApplyArchive, { Values: {}, UpdateTime: null })
      .on(getNotifySetting, () => ({ RemindersOn: remindersOn }))
      .on(saveNotifySetting, (input) => {
        remindersOn = input.RemindersOn;
        return { RemindersOn: remindersOn };
      });
    signIn();
    renderScreen(MyAccountPage, paths.myAccount());
    const toggle = await screen.findByRole('switch', { name: '短信提醒缴费和考试' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/审核结果无论开关都会通知您/)).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(server.calls(saveNotifySetting).map((c) => c.input)).toEqual([{ RemindersOn: false }]);
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(server.calls(saveNotifySetting).map((c) => c.input)).toEqual([
      { RemindersOn: false },
      { RemindersOn: true },
    ]);
  });

  it('a failed save says so and leaves the switch as the server has it', async () => {
    fakeServer()
      .on(getUser, profileFixture())
      .on(getUserApplyArchive, { Values: {}, UpdateTime: null })
      .on(getNotifySetting, { RemindersOn: true })
      .on(saveNotifySetting, () => refusal(500, '服务暂时不可用'));
    signIn();
    renderScreen(MyAccountPage, paths.myAccount());
    const toggle = await screen.findByRole('switch', { name: '短信提醒缴费和考试' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('保存失败，请检查网络后重试')).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});

describe('my/resetPassword', () => {
  it('states the strength rule and checks the form before sending', async () => {
    const server = fakeServer().on(updateLoginPwd, null);
    signIn();
    renderScreen(ResetPasswordPage, paths.resetPassword());
    expect(screen.getByText('密码须8-20位，须同时包含字母和数字')).toBeTruthy();
    type('新密码', 'short');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('请填写原密码')).toBeTruthy();
    expect(server.calls(updateLoginPwd)).toHaveLength(0);
    const mismatch = passwordChangeSchema.safeParse({
      oldPassword: 'a',
      newPassword: 'Abc12345',
      confirmPassword: 'Abc12346',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', '两次填写的新密码不一致'],
    ]);
  });

  it('a wrong old password is refused with the server message on its field; typed values are kept', async () => {
    let answer: (r: Response) => void = () => undefined;
    const server = fakeServer().on(
      updateLoginPwd,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    signIn();
    renderScreen(ResetPasswordPage, paths.resetPassword());
    type('原密码', 'Wrong@1234');
    type('新密码', 'Better@2468');
    type('确认新密码', 'Better@2468');
    fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
    // In flight: the button is disabled, a second press sends nothing.
    await waitFor(() => expect(server.calls(updateLoginPwd)).toHaveLength(1));
    const button = document.querySelector<HTMLButtonElement>('button[type=submit]')!;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    answer(refusal(400, '原密码不正确', { FieldErrors: { OldPassword: '原密码不正确' } }));
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    expect(server.calls(updateLoginPwd)).toHaveLength(1);
    expect((screen.getByLabelText('原密码') as HTMLInputElement).value).toBe('Wrong@1234');
    expect((screen.getByLabelText('新密码') as HTMLInputElement).value).toBe('Better@2468');
  });
});

describe('my/resetPhone', () => {
  function phoneServer() {
    return fakeServer()
      .on(getPageConfig, {
        IsNotFound: false,
        TenantId: 1,
        TenantName: 't',
        LogoUrl: '',
        ServicePhone: '',
      })
      .on(getCaptchaChallenge, () => testChallenge())
      .on(checkCaptcha, { CaptchaToken: 'captcha-token' })
      .on(sendVerifyShortMessage, { ResendAfterSeconds: 60, ExpiresInSeconds: 300 })
      .on(verifyShortMessage, { VerifyToken: 'verify-token', ExpiresInSeconds: 600 })
      .on(changeMobile, { ...profileFixture(), Mobile: '139****0000' });
  }

  it('checks the number before the captcha; sends the code only with the CaptchaToken; then counts down', async () => {
    const server = phoneServer();
    signIn();
    renderScreen(ResetPhonePage, paths.resetPhone());
    type('新手机号', '1390000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请填写正确的11位手机号码')).toBeTruthy();
    expect(server.calls(getCaptchaChallenge)).toHaveLength(0);

    type('新手机号', '13900000000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    // No picture, no drag: the check runs by itself for the new number.
    await screen.findByRole('button', { name: '60秒后重新获取' });
    expect(server.calls(getCaptchaChallenge)[0]?.input).toMatchObject({ Mobile: '13900000000' });
    expect(server.calls(sendVerifyShortMessage)[0]?.input).toEqual({
      Mobile: '13900000000',
      Scene: 'ChangeMobile',
      CaptchaToken: 'captcha-token',
    });
  });

  it('a 419 on sending runs the check again, once', async () => {
    const server = phoneServer().on(
      sendVerifyShortMessage,
      () => new Response(JSON.stringify({ ErrCode: 419, ErrMsg: '', Data: null }), { status: 419 }),
    );
    signIn();
    renderScreen(ResetPhonePage, paths.resetPhone());
    type('新手机号', '13900000000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(server.calls(sendVerifyShortMessage)).toHaveLength(2));
    expect(await screen.findByText('安全验证未通过，请稍后重新获取验证码')).toBeTruthy();
    expect(server.calls(getCaptchaChallenge)).toHaveLength(2);
  });

  it('changes the number only after the code is verified, with its VerifyToken', async () => {
    const server = phoneServer();
    signIn();
    const view = renderScreen(ResetPhonePage, paths.resetPhone());
    type('新手机号', '13900000000');
    type('短信验证码', '12');
    fireEvent.click(screen.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText('请填写6位短信验证码')).toBeTruthy();
    expect(server.calls(verifyShortMessage)).toHaveLength(0);

    // Without the password nothing is verified either (the button is back once the check is over).
    type('短信验证码', '123456');
    fireEvent.click(await screen.findByRole('button', { name: '确认更换' }));
    await screen.findByRole('button', { name: '确认更换' });
    expect(screen.getByText('请填写登录密码')).toBeTruthy();
    expect(server.calls(verifyShortMessage)).toHaveLength(0);

    type('登录密码', 'Demo@123456');
    fireEvent.click(await screen.findByRole('button', { name: '确认更换' }));
    await waitFor(() => expect(server.calls(changeMobile)).toHaveLength(1));
    expect(server.calls(verifyShortMessage)[0]?.input).toEqual({
      Mobile: '13900000000',
      Scene: 'ChangeMobile',
      Code: '123456',
    });
    expect(server.calls(changeMobile)[0]?.input).toEqual({
      Mobile: '13900000000',
      VerifyToken: 'verify-token',
      Password: 'Demo@123456',
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe(paths.myAccount()));
    expect(useSessionStore.getState().userData?.Mobile).toBe('139****0000');
  });
  it('a wrong password is said on its field; the retry uses the same verified code (issue 30, point 8)', async () => {
    let refuse = true;
    const server = phoneServer().on(changeMobile, () =>
      refuse
        ? ((refuse = false),
          new Response(
            JSON.stringify({
              ErrCode: 400,
              ErrMsg: '登录密码不正确',
              Data: { FieldErrors: { Password: '登录密码不正确' } },
            }),
            { status: 400 },
          ))
        : { ...profileFixture(), Mobile: '139****0000' },
    );
    signIn();
    renderScreen(ResetPhonePage, paths.resetPhone());
    type('登录密码', 'Guess@2024');
    type('新手机号', '13900000000');
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText('登录密码不正确')).toBeTruthy();
    expect((screen.getByLabelText('新手机号') as HTMLInputElement).value).toBe('13900000000');

    type('登录密码', 'Demo@123456');
    fireEvent.click(await screen.findByRole('button', { name: '确认更换' }));
    await waitFor(() => expect(server.calls(changeMobile)).toHaveLength(2));
    expect(server.calls(verifyShortMessage)).toHaveLength(1);
    expect(server.calls(changeMobile)[1]?.input).toMatchObject({
      VerifyToken: 'verify-token',
      Password: 'Demo@123456',
    });
  });
});
