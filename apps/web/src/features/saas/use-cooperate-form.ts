import { cooperateApply } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../platform/forms';
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
}

export const EMPTY_COOPERATE: CooperateValues = {
  CompanyName: '',
  ContactName: '',
  Mobile: '',
  Email: '',
  Remark: '',
  EquityId: '',
};

/** The fields in the order they are shown, so the first one at fault gets the focus. */
export const COOPERATE_FIELDS = [
  'CompanyName',
  'ContactName',
  'Mobile',
  'Email',
  'Remark',
  'EquityId',
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
  };
}, cooperateApply.request) as unknown as z.ZodType<
  z.output<typeof cooperateApply.request>,
  CooperateValues
>;

/**
 * The cooperation application (Temporary/CooperateApply) without its looks: checked by the
 * contract, sent once at a time, the fields at fault marked; cleared and `done` after success.
 */
export function useCooperateForm() {
  const apply = useCooperateApply();
  const [done, setDone] = useState(false);
  const form = useContractForm(cooperateApply, {
    schema: cooperateFormSchema,
    defaultValues: EMPTY_COOPERATE,
    order: COOPERATE_FIELDS,
  });
  const { watch, reset, setValue } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) setDone(false);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const submit = form.submit(async (body) => {
    await apply.mutateAsync(body);
    reset(EMPTY_COOPERATE);
    setDone(true);
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
  };
}
