import {
  APPLY_ARCHIVE_FIELDS,
  applyArchiveBasicsSchema,
  saveUserApplyArchive,
  type ApplyArchiveBasics,
  type ApplyArchiveKey,
  type FormValues,
} from '@portal/contracts';
import { useEffect } from 'react';
import { useContractForm } from '../../platform/forms';
import { useApplyArchive } from './api/get-user-apply-archive';
import { useSaveApplyArchive } from './api/save-user-apply-archive';

/** What the browser may fill each archive field with (the ID number and major: nothing). */
export const ARCHIVE_AUTOCOMPLETE: Record<ApplyArchiveKey, string> = {
  name: 'name',
  idNumber: 'off',
  mobile: 'tel',
  email: 'email',
  major: 'off',
  workUnit: 'organization',
};

/** The archive's well-known fields as text, from whatever the archive holds. */
export function archiveBasics(values: FormValues | undefined): ApplyArchiveBasics {
  const text = (key: string) => {
    const value = values?.[key];
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(
    APPLY_ARCHIVE_FIELDS.map((f) => [f.key, text(f.key)]),
  ) as ApplyArchiveBasics;
}

/**
 * The apply archive's basic fields as a form (User/SaveUserApplyArchive): filled from the stored
 * archive, checked by the contract's archive rule; keys the form does not show (photos, choices)
 * are kept as they are.
 */
export function useApplyArchiveForm({ onSaved }: { onSaved: () => void }) {
  const archive = useApplyArchive();
  const save = useSaveApplyArchive();
  const form = useContractForm(saveUserApplyArchive, {
    schema: applyArchiveBasicsSchema,
    defaultValues: archiveBasics(undefined),
  });
  const stored = archive.data?.Values;
  const { reset } = form;
  useEffect(() => {
    if (stored) reset(archiveBasics(stored));
  }, [stored, reset]);

  const submit = form.submit(async (basics) => {
    const saved = await save.mutateAsync({ Values: { ...stored, ...basics } });
    reset(archiveBasics(saved.Values));
    onSaved();
  });
  return { archive, form, submit, busy: form.formState.isSubmitting };
}
