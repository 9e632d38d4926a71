import './account.css';
import { Button, Dialog } from 'antd-mobile';
import { signOut } from '../../../platform';
import { useCloseAccountForm } from '../use-close-account-form';
import { SmsCodeFields } from './sms-code';
import { TextField } from './text-field';

/**
 * my/cancelPhone: the consequences, then a code to the account's own number (captcha → send →
 * verify), User/CloseAccount, and the platform's sign-out.
 */
export default function CancelAccountPage() {
  const { form, masked, smsCode, submit, busy } = useCloseAccountForm({
    confirm: () =>
      Dialog.confirm({ content: '注销后账号无法恢复，确定注销吗？', confirmText: '确定注销' }),
    onClosed: async () => {
      await Dialog.alert({ content: '账号已注销', confirmText: '知道了' });
      signOut();
    },
  });
  const understoodError = form.errorOf('understood');

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
        <Button block color="danger" type="submit" loading={busy} disabled={busy}>
          注销账号
        </Button>
      </div>
    </form>
  );
}
