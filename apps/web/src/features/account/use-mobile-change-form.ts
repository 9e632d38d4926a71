import { changeMobile } from '@portal/contracts';
import { useChangeMobile } from './api/account-mutations';
import { smsFormSchema, useSmsVerifiedForm } from './sms-form';

/** The account's login password proves the owner; the new number proves itself by its code. */
const mobileChangeSchema = smsFormSchema.extend({ password: changeMobile.request.shape.Password });

/**
 * my/resetPhone without its looks: the new number gets a code (see useSmsCode), the code is
 * verified (ShortMessage/Verify) and only then User/ChangeMobile changes the number, with the
 * account's password.
 */
export function useMobileChangeForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangeMobile();
  const { form, submit, smsCode } = useSmsVerifiedForm(changeMobile, {
    scene: 'ChangeMobile',
    schema: mobileChangeSchema,
    defaultValues: { password: '', mobile: '', code: '' },
    fieldOf: { Password: 'password' },
    act: async (VerifyToken, { mobile, password }) => {
      await change.mutateAsync({ Mobile: mobile, VerifyToken, Password: password });
      onChanged();
    },
  });
  return { form, submit: submit(), smsCode: smsCode(), busy: form.formState.isSubmitting };
}
