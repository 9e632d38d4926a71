import { closeAccount, getAccountClosing, verifyShortMessage } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../platform';
import { fakeServer } from '../testing/fake-server';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { closedNotice, closingQuestion, useCloseAccountForm } from './use-close-account-form';

setUpScreenTests();

function signInAs(mobile: string) {
  signIn();
  useSessionStore.getState().setProfile({
    UserId: 7,
    Name: '张三',
    Mobile: mobile,
    HeadPortrait: '',
    IsRealName: false,
    IdNumber: null,
    IsBindWeChat: false,
    CreateTime: '2024-01-01T08:00:00+08:00',
  });
}
const expired = () =>
  new Response(JSON.stringify({ ErrCode: 419, ErrMsg: '', Data: null }), { status: 419 });

describe('useCloseAccountForm: closing the account, whatever view shows it', () => {
  it("asks for the account's own number and the consequences understood before anything", async () => {
    signInAs('138****8000');
    const server = fakeServer().on(verifyShortMessage, {
      VerifyToken: 't',
      ExpiresInSeconds: 600,
    });
    const confirm = vi.fn(async () => true);
    const { result } = renderFeatureHook(() => useCloseAccountForm({ confirm, onClosed: vi.fn() }));
    expect(result.current.ownNumberProblem('13900000000')).toBe(
      '请填写本账号绑定的手机号 138****8000',
    );
    act(() => {
      result.current.form.setValue('mobile', '13900000000');
      result.current.form.setValue('code', '123456');
    });
    await act(() => result.current.submit());
    expect(result.current.form.errorOf('mobile')).toBe('请填写本账号绑定的手机号 138****8000');
    expect(result.current.form.errorOf('understood')).toBe('请先确认已了解注销的后果');
    expect(confirm).not.toHaveBeenCalled();
    expect(server.calls(verifyShortMessage)).toHaveLength(0);
  });

  it('sends nothing when the person calls it off; a 419 marks the code', async () => {
    signInAs('138****8000');
    const server = fakeServer()
      .on(verifyShortMessage, { VerifyToken: 't', ExpiresInSeconds: 600 })
      .on(closeAccount, expired);
    let answer = false;
    const onClosed = vi.fn();
    const { result } = renderFeatureHook(() =>
      useCloseAccountForm({ confirm: async () => answer, onClosed }),
    );
    act(() => {
      result.current.form.setValue('mobile', '13800138000');
      result.current.form.setValue('code', '123456');
      result.current.form.setValue('understood', true);
    });
    await act(() => result.current.submit());
    expect(server.calls(verifyShortMessage)).toHaveLength(0);

    answer = true;
    await act(() => result.current.submit());
    expect(server.calls(closeAccount)[0]?.input).toEqual({ VerifyToken: 't' });
    await waitFor(() =>
      expect(result.current.form.errorOf('code')).toBe('验证已失效，请重新获取验证码'),
    );
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('says the cooling-off plainly before confirming: the days, the Beijing date, and that a sign-in cancels', async () => {
    signInAs('138****8000');
    fakeServer().on(getAccountClosing, {
      CoolingOffDays: 15,
      // 2026-12-11 23:30 in Beijing (15:30 UTC).
      EraseTime: '2026-12-11T15:30:00.000Z',
    });
    const { result } = renderFeatureHook(() =>
      useCloseAccountForm({ confirm: async () => false, onClosed: vi.fn() }),
    );
    await waitFor(() => expect(result.current.coolingOff).not.toBeNull());
    expect(result.current.coolingOff).toBe(
      '注销申请提交后有15天冷静期：2026年12月11日后，您的姓名、身份证号、手机号、照片、上传的材料、报名档案和报名表将被删除，无法恢复；在此之前重新登录即可撤销注销。',
    );
    expect(closingQuestion(result.current.closing)).toContain('2026年12月11日后删除');
    expect(closedNotice(result.current.closing)).toContain('2026年12月11日前重新登录即可撤销注销');
  });
});
