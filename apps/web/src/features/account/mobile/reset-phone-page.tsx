import './account.css';
import { SMS_CODE_LENGTH } from '@portal/contracts';
import { Button, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { HttpError, paths, useSessionStore } from '../../../platform';
import { useChangeMobile } from '../api/account-mutations';
import { verifySmsCode } from '../api/sms';
import { SmsCodeButton } from './sms-code';
import { type SmsFormErrors, validateMobileAndCode } from '../components/sms-verify';
import { TextField } from './text-field';

/**
 * my/resetPhone: the new number gets a code (after the captcha); the code is verified
 * (ShortMessage/Verify) and only then User/ChangeMobile changes the number.
 */
export default function ResetPhonePage() {
  const navigate = useNavigate();
  const current = useSessionStore((s) => s.userData?.Mobile ?? '');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<SmsFormErrors>({});
  const [verifying, setVerifying] = useState(false);
  const change = useChangeMobile();
  const busy = verifying || change.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateMobileAndCode(mobile, code);
    setErrors(found);
    if (found.mobile || found.code) {
      document.getElementById(found.mobile ? 'phone-mobile' : 'phone-code')?.focus();
      return;
    }
    setVerifying(true);
    try {
      const { VerifyToken } = await verifySmsCode({
        Mobile: mobile.trim(),
        Scene: 'ChangeMobile',
        Code: code.trim(),
      });
      await change.mutateAsync({ Mobile: mobile.trim(), VerifyToken });
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.code === 419) setErrors({ code: '验证已失效，请重新获取验证码' });
        else
          setErrors({
            mobile: error.fieldErrors.Mobile,
            code: error.fieldErrors.Code,
          });
      }
      return;
    } finally {
      setVerifying(false);
    }
    Toast.show({ icon: 'success', content: '手机号已更换' });
    void navigate(paths.myAccount(), { replace: true });
  };

  return (
    <form className="account-page account-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="account-page__lead">
        {current ? `当前手机号：${current}。` : ''}
        新手机号通过短信验证后才会生效，之后请用新手机号登录。
      </p>
      <TextField
        id="phone-mobile"
        label="新手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        value={mobile}
        onChange={(e) => {
          setMobile(e.target.value);
          setErrors((v) => ({ ...v, mobile: undefined }));
        }}
        error={errors.mobile}
      />
      <SmsCodeButton
        mobile={mobile}
        scene="ChangeMobile"
        onInvalidMobile={(message) => {
          setErrors((e) => ({ ...e, mobile: message }));
          document.getElementById('phone-mobile')?.focus();
        }}
        onSent={() => setErrors((e) => ({ ...e, mobile: undefined }))}
      />
      <TextField
        id="phone-code"
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
      <div className="account-actions">
        <Button block color="primary" type="submit" loading={busy} disabled={busy}>
          确认更换
        </Button>
      </div>
    </form>
  );
}
