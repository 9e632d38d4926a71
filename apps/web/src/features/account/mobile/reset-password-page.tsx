import './account.css';
import { PASSWORD_RULE_TEXT } from '@portal/contracts';
import { Dialog } from 'antd-mobile';
import { signOut } from '../../../platform';
import { usePasswordChangeForm } from '../use-password-change-form';
import { TextField } from './text-field';
import { SubmitButton } from '../../../shared/ui/mobile/submit-button';

/** my/resetPassword: User/UpdateLoginPwd, then sign in again with the new password. */
export default function ResetPasswordPage() {
  const { form, submit, busy } = usePasswordChangeForm({
    onChanged: async () => {
      await Dialog.alert({ content: '密码已修改，请使用新密码重新登录', confirmText: '重新登录' });
      signOut();
    },
  });

  return (
    <form className="account-page account-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="account-page__lead">修改后需要使用新密码重新登录。</p>
      <TextField
        id="pwd-oldPassword"
        label="原密码"
        type="password"
        autoComplete="current-password"
        {...form.register('oldPassword')}
        error={form.errorOf('oldPassword')}
      />
      <TextField
        id="pwd-newPassword"
        label="新密码"
        type="password"
        autoComplete="new-password"
        {...form.register('newPassword')}
        hint={`密码须${PASSWORD_RULE_TEXT}`}
        error={form.errorOf('newPassword')}
      />
      <TextField
        id="pwd-confirmPassword"
        label="确认新密码"
        type="password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
        error={form.errorOf('confirmPassword')}
      />
      <div className="account-actions">
        <SubmitButton busy={busy}>确认修改</SubmitButton>
      </div>
    </form>
  );
}
