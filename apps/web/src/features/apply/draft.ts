import { formValuesSchema, type FormValues } from '@portal/contracts';
import { personalStorage } from '../../platform';

/** What was typed into a project's form, kept for this person until the application succeeds. */
export function draftKey(projectId: number): string {
  return `apply-draft:${projectId}`;
}

export function readDraft(projectId: number): FormValues | null {
  try {
    const parsed = formValuesSchema.safeParse(
      JSON.parse(personalStorage.read(draftKey(projectId)) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(projectId: number, values: FormValues): void {
  personalStorage.write(draftKey(projectId), JSON.stringify(values));
}

export function clearDraft(projectId: number): void {
  personalStorage.remove(draftKey(projectId));
}
