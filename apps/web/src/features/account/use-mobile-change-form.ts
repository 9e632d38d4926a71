import { changeMobile } from '@portal/contracts';
import { useChangeMobile } from './api/account-mutations';
import { smsFormSchema, useSmsVerifiedForm } from './sms-form';

/**
 * my/resetPhone without its looks: the new number gets a code (see useSmsCode), the code is
 * verified (ShortMessage/Verify) and only then User/ChangeMobile changes the number.
 */
export function useMobileChangeForm({ onChanged }: { onChanged: () => void }) {
  const change = useChangeMobile();
  const { form, submit, smsCode } = useSmsVerifiedForm(changeMobile, {
    scene: 'ChangeMobile',
    schema: smsFormSchema,
    defaultValues: { mobile: '', code: '' },
    act: async (VerifyToken, { mobile }) => {
      await change.mutateAsync({ Mobile: mobile, VerifyToken });
      onChanged();
    },
  });
  return { form, submit: submit(), smsCode: smsCode(), busy: form.formState.isSubmitting };
}
