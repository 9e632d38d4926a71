import { passwordSchema, updateLoginPwd } from '@portal/contracts';
import { z } from 'zod';
import { useContractForm } from '../../platform/forms';
import { useUpdateLoginPwd } from './api/account-mutations';

/** User/UpdateLoginPwd's rules, with the new password typed twice. */
export const passwordChangeSchema = z
  .object({
    oldPassword: updateLoginPwd.request.shape.OldPassword,
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, '请再次填写新密码'),
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    path: ['newPassword'],
    message: '新密码不能与原密码相同',
  })
  .refine((v) => !v.confirmPassword || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: '两次填写的新密码不一致',
  })
  .transform((v) => ({ OldPassword: v.oldPassword, NewPassword: v.newPassword }));

const FIELD_OF = { OldPassword: 'oldPassword', NewPassword: 'newPassword' } as const;

/** my/resetPassword without its looks: checked, sent, then `onChanged` (sign in again). */
export function usePasswordChangeForm({ onChanged }: { onChanged: () => Promise<void> | void }) {
  const update = useUpdateLoginPwd();
  const form = useContractForm(updateLoginPwd, {
    schema: passwordChangeSchema,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    fieldOf: (name) => FIELD_OF[name as keyof typeof FIELD_OF],
  });
  const submit = form.submit(async (request) => {
    await update.mutateAsync(request);
    await onChanged();
  });
  return { form, submit, busy: form.formState.isSubmitting };
}
