import './account.css';
import { SMS_CODE_LENGTH } from '@portal/contracts';
import { Button, Dialog } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { HttpError, signOut, useSessionStore } from '../../../platform';
import { useCloseAccount } from '../api/account-mutations';
import { verifySmsCode } from '../api/sms';
import { SmsCodeButton } from './sms-code';
import { maskMobile, type SmsFormErrors, validateMobileAndCode } from '../components/sms-verify';
import { TextField } from './text-field';

/** The typed number must be the account's own: its masked form matches the profile's. */
export function matchesMaskedMobile(typed: string, masked: string): boolean {
  return !masked || maskMobile(typed) === masked;
}

/**
 * my/cancelPhone: the consequences, then a code to the account's own number (captcha → send →
 * verify), User/CloseAccount, and the platform's sign-out.
 */
export default function CancelAccountPage() {
  const masked = useSessionStore((s) => s.userData?.Mobile ?? '');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<SmsFormErrors & { understood?: string }>({});
  const [verifying, setVerifying] = useState(false);
  const close = useCloseAccount();
  const busy = verifying || close.isPending;

  const ownNumberError = (typed: string) =>
    matchesMaskedMobile(typed, masked) ? undefined : `请填写本账号绑定的手机号 ${masked}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: SmsFormErrors & { understood?: string } = validateMobileAndCode(mobile, code);
    if (!found.mobile && ownNumberError(mobile)) found.mobile = ownNumberError(mobile);
    if (!understood) found.understood = '请先确认已了解注销的后果';
    setErrors(found);
    if (found.mobile || found.code || found.understood) return;
    if (
      !(await Dialog.confirm({
        content: '注销后账号无法恢复，确定注销吗？',
        confirmText: '确定注销',
      }))
    )
      return;
    setVerifying(true);
    try {
      const { VerifyToken } = await verifySmsCode({
        Mobile: mobile.trim(),
        Scene: 'CloseAccount',
        Code: code.trim(),
      });
      await close.mutateAsync({ VerifyToken });
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.code === 419) setErrors({ code: '验证已失效，请重新获取验证码' });
        else setErrors({ mobile: error.fieldErrors.Mobile, code: error.fieldErrors.Code });
      }
      return;
    } finally {
      setVerifying(false);
    }
    await Dialog.alert({ content: '账号已注销', confirmText: '知道了' });
    signOut();
  };

  return (
    <form className="account-page account-form" noValidate onSubmit={(e) => void submit(e)}>
      <h2 className="account-card__title">注销后</h2>
      <ul className="account-consequences">
        <li>账号将被永久关闭，不能再登录，也不能恢复。</li>
        <li>手机号{masked ? ` ${masked} ` : ''}将被释放，可以用来注册新账号。</li>
        <li>已绑定的微信将被解除绑定。</li>
        <li>报名、缴费、订单和实名认证记录按规定保留在平台，不会删除，但无法再通过本账号查看。</li>
        <li>进行中的报名和考试将无法继续。</li>
      </ul>
      <TextField
        id="close-mobile"
        label="本账号绑定的手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={masked}
        value={mobile}
        onChange={(e) => {
          setMobile(e.target.value);
          setErrors((v) => ({ ...v, mobile: undefined }));
        }}
        hint="验证码将发送到本账号绑定的手机号"
        error={errors.mobile}
      />
      <SmsCodeButton
        mobile={mobile}
        scene="CloseAccount"
        check={ownNumberError}
        onInvalidMobile={(message) => setErrors((e) => ({ ...e, mobile: message }))}
        onSent={() => setErrors((e) => ({ ...e, mobile: undefined }))}
      />
      <TextField
        id="close-code"
        label="短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setErrors((v) => ({ ...v, code: undefined }));
        }}
        error={errors.code}
      />
      <label className="account-check">
        <input
          type="checkbox"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
          aria-invalid={errors.understood ? true : undefined}
        />
        <span>我已阅读并了解以上注销后果</span>
      </label>
      {errors.understood ? (
        <p className="field-error" role="alert">
          {errors.understood}
        </p>
      ) : null}
      <div className="account-actions">
        <Button block color="danger" type="submit" loading={busy} disabled={busy}>
          注销账号
        </Button>
      </div>
    </form>
  );
}
