import './account.css';
import { isStrongPassword, PASSWORD_RULE_TEXT } from '@portal/contracts';
import { Button, Dialog } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { HttpError, signOut } from '../../../platform';
import { useUpdateLoginPwd } from '../api/account-mutations';
import { TextField } from './text-field';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Checked before sending; the server checks the old password and the rule again. */
export function validatePasswordChange(values: Values): Errors {
  const errors: Errors = {};
  if (!values.oldPassword) errors.oldPassword = '请填写原密码';
  if (!isStrongPassword(values.newPassword)) errors.newPassword = `密码须${PASSWORD_RULE_TEXT}`;
  else if (values.newPassword === values.oldPassword) errors.newPassword = '新密码不能与原密码相同';
  if (!values.confirmPassword) errors.confirmPassword = '请再次填写新密码';
  else if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = '两次填写的新密码不一致';
  return errors;
}

const FIELD_OF: Record<string, keyof Values> = {
  OldPassword: 'oldPassword',
  NewPassword: 'newPassword',
};

/** my/resetPassword: User/UpdateLoginPwd, then sign in again with the new password. */
export default function ResetPasswordPage() {
  const [values, setValues] = useState<Values>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateLoginPwd();

  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const found = validatePasswordChange(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`pwd-${first}`)?.focus();
      return;
    }
    try {
      await update.mutateAsync({
        OldPassword: values.oldPassword,
        NewPassword: values.newPassword,
      });
    } catch (error) {
      // The HTTP layer showed the server's message; mark the field it names, keep what was typed.
      if (error instanceof HttpError) {
        const marked: Errors = {};
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          const key = FIELD_OF[name];
          if (key) marked[key] = message;
        }
        setErrors(marked);
      }
      return;
    }
    await Dialog.alert({ content: '密码已修改，请使用新密码重新登录', confirmText: '重新登录' });
    signOut();
  };

  return (
    <form className="account-page account-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="account-page__lead">修改后需要使用新密码重新登录。</p>
      <TextField
        id="pwd-oldPassword"
        label="原密码"
        type="password"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={set('oldPassword')}
        error={errors.oldPassword}
      />
      <TextField
        id="pwd-newPassword"
        label="新密码"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
        hint={`密码须${PASSWORD_RULE_TEXT}`}
        error={errors.newPassword}
      />
      <TextField
        id="pwd-confirmPassword"
        label="确认新密码"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <div className="account-actions">
        <Button
          block
          color="primary"
          type="submit"
          loading={update.isPending}
          disabled={update.isPending}
        >
          确认修改
        </Button>
      </div>
    </form>
  );
}
