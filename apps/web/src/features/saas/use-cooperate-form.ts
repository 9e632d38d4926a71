import { cooperateApply } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../platform/forms';
import { HttpError } from '../../platform/http';
import { useCooperateApply } from './api/cooperate-apply';

export const REMARK_MAX_LENGTH = 500;

/** A package's button: 咨询购买 it, or 已选择 once it is the form's choice. */
export function packageActionText(name: string, chosen: boolean): string {
  return chosen ? `已选择${name}` : `咨询购买${name}`;
}

/** What the form holds: text as typed, and the chosen package's id as text ('' for none). */
export interface CooperateValues {
  CompanyName: string;
  ContactName: string;
  Mobile: string;
  Email: string;
  Remark: string;
  EquityId: string;
  /** The human check's token; '' until it is passed. */
  CaptchaToken: string;
}

export const EMPTY_COOPERATE: CooperateValues = {
  CompanyName: '',
  ContactName: '',
  Mobile: '',
  Email: '',
  Remark: '',
  EquityId: '',
  CaptchaToken: '',
};

/** The fields in the order they are shown, so the first one at fault gets the focus. */
export const COOPERATE_FIELDS = [
  'CompanyName',
  'ContactName',
  'Mobile',
  'Email',
  'Remark',
  'EquityId',
  'CaptchaToken',
] as const;
export type CooperateField = (typeof COOPERATE_FIELDS)[number];

/** The form checked by the contract's own schema; empty optional fields are left out. */
export const cooperateFormSchema = z.preprocess((input) => {
  const values = input as CooperateValues;
  return {
    CompanyName: values.CompanyName,
    ContactName: values.ContactName,
    Mobile: values.Mobile,
    Email: values.Email.trim() || undefined,
    Remark: values.Remark.trim() || undefined,
    EquityId: values.EquityId ? Number(values.EquityId) : undefined,
    CaptchaToken: values.CaptchaToken,
  };
}, cooperateApply.request) as unknown as z.ZodType<
  z.output<typeof cooperateApply.request>,
  CooperateValues
>;

/** The server's word that the human check's token is spent or too old (§8 419: no toast). */
export const CAPTCHA_AGAIN = '请重新完成安全验证后再提交';

/**
 * The cooperation application (Temporary/CooperateApply) without its looks: checked by the
 * contract, sent once at a time, the fields at fault marked; cleared and `done` after success.
 * Anyone may send it, so a human check comes first; each token is good for one sending, so the
 * check is shown anew after every try.
 */
export function useCooperateForm() {
  const apply = useCooperateApply();
  const [done, setDone] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const form = useContractForm(cooperateApply, {
    schema: cooperateFormSchema,
    defaultValues: EMPTY_COOPERATE,
    order: COOPERATE_FIELDS,
  });
  const { watch, reset, setValue, setError } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) setDone(false);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const submit = form.submit(async (body) => {
    try {
      await apply.mutateAsync(body);
      reset(EMPTY_COOPERATE);
      setDone(true);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 419) throw error;
      setError('CaptchaToken', { type: 'server', message: CAPTCHA_AGAIN });
    } finally {
      setValue('CaptchaToken', '');
      setCaptchaRound((round) => round + 1);
    }
  });
  return {
    form,
    submit,
    busy: form.formState.isSubmitting,
    /** 提交成功 is shown until the next change. */
    done,
    chosenPackage: watch('EquityId'),
    /** Whether this package is the one chosen in the form. */
    isChosen: (equityId: number) => watch('EquityId') === String(equityId),
    choosePackage: (equityId: number) => setValue('EquityId', String(equityId)),
    remarkLength: watch('Remark').trim().length,
    captcha: {
      /** A new human check after each try (a key for the Captcha component). */
      round: captchaRound,
      passed: watch('CaptchaToken') !== '',
      onVerified: (token: string) =>
        setValue('CaptchaToken', token, { shouldValidate: form.formState.isSubmitted }),
    },
  };
}
