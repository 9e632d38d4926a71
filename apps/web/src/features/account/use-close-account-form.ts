import { closeAccount } from '@portal/contracts';
import { useMemo } from 'react';
import { z } from 'zod';
import { useSessionStore } from '../../platform';
import { useCloseAccount } from './api/account-mutations';
import { smsFormSchema, useSmsVerifiedForm } from './sms-form';
import { maskMobile } from '@portal/contracts';

/** The typed number must be the account's own: its masked form matches the profile's. */
export function matchesMaskedMobile(typed: string, masked: string): boolean {
  return !masked || maskMobile(typed) === masked;
}

/**
 * my/cancelPhone without its looks: the account's own number, its code, the consequences
 * understood; then (after `confirm`) the code is verified and User/CloseAccount closes the account.
 */
export function useCloseAccountForm({
  confirm,
  onClosed,
}: {
  /** Asks the person once more; false calls it off. */
  confirm: () => Promise<boolean>;
  onClosed: () => void;
}) {
  const masked = useSessionStore((s) => s.userData?.Mobile ?? '');
  const close = useCloseAccount();
  const ownNumberProblem = (typed: string) =>
    matchesMaskedMobile(typed, masked) ? undefined : `请填写本账号绑定的手机号 ${masked}`;
  const schema = useMemo(
    () =>
      smsFormSchema
        .extend({
          understood: z.boolean().refine(Boolean, '请先确认已了解注销的后果'),
        })
        .refine((v) => matchesMaskedMobile(v.mobile, masked), {
          path: ['mobile'],
          message: `请填写本账号绑定的手机号 ${masked}`,
        }),
    [masked],
  );
  const { form, submit, smsCode } = useSmsVerifiedForm(closeAccount, {
    scene: 'CloseAccount',
    schema,
    defaultValues: { mobile: '', code: '', understood: false },
    act: async (VerifyToken) => {
      await close.mutateAsync({ VerifyToken });
      onClosed();
    },
  });
  return {
    form,
    masked,
    ownNumberProblem,
    smsCode: smsCode(ownNumberProblem),
    submit: submit(confirm),
    busy: form.formState.isSubmitting,
  };
}
