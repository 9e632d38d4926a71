import './account.css';
import { PASSWORD_RULE_TEXT } from '@portal/contracts';
import { Button, Dialog } from 'antd-mobile';
import { signOut } from '../../../platform';
import { usePasswordChangeForm } from '../use-password-change-form';
import { TextField } from './text-field';
import { BUSY_TEXT } from '../../../shared/ui/mobile/query-states';

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
        <Button
          block
          color="primary"
          type="submit"
          loading={busy}
          loadingText={BUSY_TEXT}
          disabled={busy}
        >
          确认修改
        </Button>
      </div>
    </form>
  );
}
