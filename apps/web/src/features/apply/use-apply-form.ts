import {
  apply,
  birthDateOfIdNumber,
  formValuesSchema,
  isFieldVisible,
  MODIFIABLE_APPLY_STATUSES,
  needsGuardianConsent,
  SENSITIVE_CONSENT_REQUIRED,
  validateFormValues,
  type FormField,
  type FormValues,
} from '@portal/contracts';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { HttpError } from '../../platform';
import { useContractForm } from '../../platform/forms';
import { useApplyArchive, useSaveApplyArchive } from '../account';
import { useSubmitApply } from './api/apply';
import { useApplyFormQuery } from './api/get-form';
import { newestDraft, readDraft } from './draft';
import { useDraftSync } from './use-draft-sync';
import { GUARDIAN_FIELD, useGuardianConsent } from './guardian-consent';

/** Only the given fields' values, from whatever source pre-fills or sends them. */
export function pickFieldValues(fields: FormField[], values: FormValues | null | undefined) {
  const out: FormValues = {};
  for (const f of fields) {
    const v = values?.[f.FieldId];
    if (v !== undefined) out[f.FieldId] = v;
  }
  return out;
}

/**
 * The Values of Apply/ModifyApply as a form checks them: every visible field by the contract's
 * field rules (hidden ones are neither required nor checked), and only the visible ones sent.
 */
export function applyValuesSchema(fields: FormField[]) {
  return z
    .preprocess(
      (values) =>
        Object.fromEntries(
          Object.entries((values ?? {}) as Record<string, unknown>).filter(
            ([, v]) => v !== undefined,
          ),
        ),
      formValuesSchema,
    )
    .superRefine((values, ctx) => {
      for (const [fieldId, message] of Object.entries(validateFormValues(fields, values)))
        ctx.addIssue({ code: 'custom', path: [fieldId], message });
    })
    .transform((values) =>
      pickFieldValues(
        fields.filter((f) => isFieldVisible(f, values)),
        values,
      ),
    ) as unknown as z.ZodType<FormValues, FormValues>;
}

/** The fields shown for these values (ShowWhen follows what was chosen). */
export function visibleFields(fields: FormField[], values: FormValues): FormField[] {
  return fields.filter((f) => isFieldVisible(f, values));
}

/**
 * The fields whose values decide what else the form asks: the sources of ShowWhen, and the ID
 * numbers a guardian's consent follows. Only these re-render the form as they change; a keystroke
 * anywhere else renders its own field alone.
 */
export function decidingFieldIds(fields: FormField[]): string[] {
  const ids = new Set<string>();
  for (const f of fields) {
    if (f.ShowWhen) ids.add(f.ShowWhen.FieldId);
    if (f.Type === 'idcard') ids.add(f.FieldId);
  }
  return [...ids];
}

/** The separate consent's place in the form, for focus and the server's FieldErrors. */
export const SENSITIVE_CONSENT_FIELD = 'SensitiveConsent';

/** Where the form stands before it can be filled in. */
export type ApplyFormStatus = 'loading' | 'error' | 'applied' | 'no-position' | 'ready';

export interface ApplyFormOptions {
  projectId: number;
  /** The position chosen on the way here; a returned application keeps its own. */
  positionId?: number | undefined;
  /** Brings a field into view and focuses it (the view knows its elements). */
  focus: (fieldId: string) => void;
  onSubmitted: (kind: 'apply' | 'modify') => void;
  onArchiveSaved: () => void;
}

/**
 * The application form without its looks: the project's fields, pre-filled once (the newest
 * draft, typed here or on another device, else the application's own values, else the apply
 * archive), the draft kept here and on the server as the person types, the contract's field rules, Apply or ModifyApply (returned for changes), the server's
 * FieldErrors on the fields, and 保存为报名档案.
 */
export function useApplyForm({
  projectId,
  positionId: chosenPosition,
  focus,
  onSubmitted,
  onArchiveSaved,
}: ApplyFormOptions) {
  const query = useApplyFormQuery(projectId);
  const archive = useApplyArchive(query.isSuccess);
  const send = useSubmitApply();
  const saveArchive = useSaveApplyArchive();
  const fields = useMemo(() => query.data?.Form.Fields ?? [], [query.data]);
  const schema = useMemo(() => applyValuesSchema(fields), [fields]);
  const existing = query.data?.Apply ?? null;
  const modifying = existing !== null && MODIFIABLE_APPLY_STATUSES.includes(existing.Status);
  // The position chosen on another device (or before a reload) travels with the draft.
  const [draftPosition, setDraftPosition] = useState<number | null>(null);
  const positionId = chosenPosition ?? existing?.PositionId ?? draftPosition ?? undefined;
  const {
    start: startDraft,
    change: changeDraft,
    finish: finishDraft,
    savedAt: draftSavedAt,
  } = useDraftSync(projectId);

  // The sensitive fields' consent is asked apart from the fields, unticked, unless this
  // application already gave it to the same form.
  const sensitiveConsent = query.data?.SensitiveConsent ?? null;
  const asksConsent = sensitiveConsent !== null && !sensitiveConsent.Given;
  const [consented, setConsented] = useState(false);
  const [consentError, setConsentError] = useState<string>();
  const tickConsent = (ticked: boolean) => {
    setConsented(ticked);
    if (ticked) setConsentError(undefined);
  };

  const form = useContractForm(apply, {
    schema,
    defaultValues: {},
    fieldOf: (name) => (fields.some((f) => f.FieldId === name) ? name : undefined),
    order: fields.map((f) => f.FieldId),
    focus,
  });
  const { reset, watch } = form;

  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (filled || !query.data || archive.isPending) return;
    const sent = query.data.Apply;
    if (sent && !MODIFIABLE_APPLY_STATUSES.includes(sent.Status) && sent.Status !== 'Withdrawn') {
      // Applied already (perhaps on another device): there is nothing left to draft.
      finishDraft();
      setFilled(true);
      return;
    }
    const draft = newestDraft(readDraft(projectId), query.data.Draft);
    startDraft(draft);
    setDraftPosition(draft?.positionId ?? null);
    const start = draft?.values ?? query.data.Values ?? archive.data?.Values ?? {};
    reset(pickFieldValues(query.data.Form.Fields, start));
    setFilled(true);
  }, [
    filled,
    query.data,
    archive.isPending,
    archive.data,
    projectId,
    reset,
    startDraft,
    finishDraft,
  ]);
  // Subscribed as the filled form is committed, before anything can type into it: a passive
  // effect runs a moment later, and what was typed in that moment never reached the draft (a
  // test typing at once after the fields appeared lost it under load).
  useLayoutEffect(() => {
    if (!filled) return;
    const subscription = watch((values, { name }) => {
      if (name) changeDraft(values as FormValues, positionId ?? null);
    });
    return () => subscription.unsubscribe();
  }, [filled, watch, changeDraft, positionId]);

  // A birth date left empty is filled from the ID number it belongs to, once that is valid; one
  // typed (or pre-filled) stays, and the contract's rule says when it disagrees.
  const { setValue } = form;
  useLayoutEffect(() => {
    const births = fields.filter((f) => f.BirthDateOf);
    if (!filled || births.length === 0) return;
    const subscription = watch((typed, { name }) => {
      for (const birth of births) {
        if (!name || name !== birth.BirthDateOf || typed[birth.FieldId]) continue;
        const carried = birthDateOfIdNumber(typed[name]);
        if (carried) setValue(birth.FieldId, carried, { shouldDirty: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [filled, fields, watch, setValue]);

  // What the deciding fields decide, derived as they change: the form renders again only when
  // that changes (a field shown or hidden, a child's ID number), not on each of their keys.
  const today = query.data?.Today;
  const deciding = useMemo(() => decidingFieldIds(fields), [fields]);
  const decided = useWatch({
    control: form.control,
    name: deciding,
    compute: (current: unknown[]) => {
      const values = pickFieldValues(
        fields,
        Object.fromEntries(deciding.map((id, i) => [id, current[i]])) as FormValues,
      );
      const shown = visibleFields(fields, values);
      return {
        hidden: fields
          .filter((f) => !shown.includes(f))
          .map((f) => f.FieldId)
          .join(','),
        child: today !== undefined && needsGuardianConsent(shown, values, today),
      };
    },
  } as never) as unknown as { hidden: string; child: boolean };
  const visible = useMemo(() => {
    const hidden = new Set(decided.hidden.split(','));
    return fields.filter((f) => !hidden.has(f.FieldId));
  }, [fields, decided.hidden]);

  // A child under 14 by the ID number typed (on the server's date) needs a guardian's consent,
  // unless this application already holds one.
  const guardian = useGuardianConsent();
  const asksGuardian = query.data !== undefined && !query.data.GuardianGiven && decided.child;

  const submit = form.submit(async (Values) => {
    if (asksConsent && !consented) {
      setConsentError(SENSITIVE_CONSENT_REQUIRED);
      focus(SENSITIVE_CONSENT_FIELD);
      return;
    }
    const SensitiveConsent = asksConsent ? true : undefined;
    if (asksGuardian) {
      const problem = guardian.check();
      if (problem) {
        focus(`${GUARDIAN_FIELD}-${problem}`);
        return;
      }
    }
    let Guardian;
    if (asksGuardian) {
      try {
        Guardian = await guardian.consent();
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        guardian.codeRefused(
          error.code === 419 ? undefined : (error.fieldErrors.Code ?? error.message),
        );
        focus(`${GUARDIAN_FIELD}-code`);
        return;
      }
    }
    try {
      if (modifying)
        await send.mutateAsync({
          kind: 'modify',
          body: { ApplyId: existing.ApplyId, Values, SensitiveConsent, Guardian },
        });
      else
        await send.mutateAsync({
          kind: 'apply',
          body: {
            ProjectId: projectId,
            PositionId: positionId ?? 0,
            Values,
            SensitiveConsent,
            Guardian,
          },
        });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const refusal = error.fieldErrors[GUARDIAN_FIELD];
      if (error.code === 419 && Guardian) guardian.codeRefused();
      else if (refusal) guardian.refused(refusal);
      else throw error;
      focus(`${GUARDIAN_FIELD}-${refusal ? 'name' : 'code'}`);
      return;
    }
    guardian.spent();
    finishDraft();
    onSubmitted(modifying ? 'modify' : 'apply');
  });

  const saveAsArchive = () => {
    const typed = form.getValues() as FormValues;
    saveArchive.mutate(
      { Values: pickFieldValues(visibleFields(fields, typed), typed) },
      { onSuccess: onArchiveSaved },
    );
  };

  let status: ApplyFormStatus = 'ready';
  if (query.isPending) status = 'loading';
  else if (query.isError) status = 'error';
  // A withdrawn application is applied again with the form it kept.
  else if (existing && !modifying && existing.Status !== 'Withdrawn') status = 'applied';
  else if (!positionId) status = 'no-position';
  else if (!filled) status = 'loading';

  return {
    status,
    query,
    /** The form's title and its fields, as the project defines them. */
    definition: query.data?.Form,
    /** The candidate's application, when there is one. */
    existing,
    /** The position applied for: chosen on the way here, the application's own, or the draft's. */
    positionId,
    /** When the draft last reached the server (it then opens on any device); null before. */
    draftSavedAt,
    /** Returned for changes: ModifyApply, with the reviewer's reason. */
    modifying,
    form,
    /** The fields shown now (ShowWhen follows what was chosen). */
    visible,
    /**
     * What the form's sensitive fields need: their rules, and a box to tick unless this
     * application already holds the consent (`asked` false).
     */
    consent: sensitiveConsent
      ? {
          rules: sensitiveConsent,
          asked: asksConsent,
          ticked: consented,
          tick: tickConsent,
          error: consentError,
        }
      : null,
    /** A child's application: the guardian's consent asked below the rules; null otherwise. */
    guardian: asksGuardian ? guardian : null,
    submit,
    submitting: form.formState.isSubmitting || send.isPending,
    saveAsArchive,
    savingArchive: saveArchive.isPending,
  };
}
