import './account.css';
import { Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paths, useSessionStore } from '../../../platform';
import { useMobileChangeForm } from '../use-mobile-change-form';
import { SmsCodeFields } from './sms-code';
import { TextField } from './text-field';
import { SubmitButton } from '../../../shared/ui/mobile/submit-button';

/**
 * my/resetPhone: the account's password, then the new number gets a code (after the captcha); the
 * code is verified (ShortMessage/Verify) and only then User/ChangeMobile changes the number.
 */
export default function ResetPhonePage() {
  const navigate = useNavigate();
  const current = useSessionStore((s) => s.userData?.Mobile ?? '');
  const { form, submit, smsCode, busy } = useMobileChangeForm({
    onChanged: () => {
      Toast.show({ icon: 'success', content: '手机号已更换' });
      void navigate(paths.myAccount(), { replace: true });
    },
  });

  return (
    <form className="account-page account-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="account-page__lead">
        {current ? `当前手机号：${current}。` : ''}
        新手机号通过短信验证后才会生效，之后请用新手机号登录。
      </p>
      <TextField
        id="phone-password"
        label="登录密码"
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
        error={form.errorOf('password')}
      />
      <TextField
        id="phone-mobile"
        label="新手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        {...form.register('mobile')}
        error={form.errorOf('mobile')}
      />
      <SmsCodeFields
        id="phone-code"
        sms={smsCode}
        code={form.register('code')}
        error={form.errorOf('code')}
      />
      <div className="account-actions">
        <SubmitButton busy={busy}>确认更换</SubmitButton>
      </div>
    </form>
  );
}
