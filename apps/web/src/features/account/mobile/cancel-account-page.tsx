import './account.css';
import { Dialog } from 'antd-mobile';
import { signOut } from '../../../platform';
import { closedNotice, closingQuestion, useCloseAccountForm } from '../use-close-account-form';
import { SmsCodeFields } from './sms-code';
import { TextField } from './text-field';
import { SubmitButton } from '../../../shared/ui/mobile/submit-button';

/**
 * my/cancelPhone: the consequences, then a code to the account's own number (captcha → send →
 * verify), User/CloseAccount, and the platform's sign-out.
 */
export default function CancelAccountPage() {
  const { form, masked, closing, coolingOff, consequences, smsCode, submit, busy } =
    useCloseAccountForm({
      confirm: () => Dialog.confirm({ content: closingQuestion(closing), confirmText: '确定注销' }),
      onClosed: async () => {
        await Dialog.alert({ content: closedNotice(closing), confirmText: '知道了' });
        signOut();
      },
    });
  const understoodError = form.errorOf('understood');

  return (
    <form className="account-page account-form" noValidate onSubmit={(e) => void submit(e)}>
      <h2 className="account-card__title">注销后</h2>
      {coolingOff ? (
        <p className="account-cooling-off" id="close-cooling-off">
          {coolingOff}
        </p>
      ) : null}
      <ul className="account-consequences">
        {consequences.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <TextField
        id="close-mobile"
        label="本账号绑定的手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={masked}
        {...form.register('mobile')}
        hint="验证码将发送到本账号绑定的手机号"
        error={form.errorOf('mobile')}
      />
      <SmsCodeFields
        id="close-code"
        sms={smsCode}
        code={form.register('code')}
        error={form.errorOf('code')}
      />
      <label className="account-check">
        <input
          type="checkbox"
          {...form.register('understood')}
          aria-invalid={understoodError ? true : undefined}
        />
        <span>我已阅读并了解以上注销后果</span>
      </label>
      {understoodError ? (
        <p className="field-error" role="alert">
          {understoodError}
        </p>
      ) : null}
      <div className="account-actions">
        <SubmitButton busy={busy} color="danger">
          注销账号
        </SubmitButton>
      </div>
    </form>
  );
}
