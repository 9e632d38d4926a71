import { formValuesSchema, type FormValues } from '@portal/contracts';

/** What was typed into a project's form, kept in this browser until the application succeeds. */
export function draftKey(projectId: number): string {
  return `apply-draft:${projectId}`;
}

export function readDraft(projectId: number): FormValues | null {
  try {
    const parsed = formValuesSchema.safeParse(
      JSON.parse(localStorage.getItem(draftKey(projectId)) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(projectId: number, values: FormValues): void {
  localStorage.setItem(draftKey(projectId), JSON.stringify(values));
}

export function clearDraft(projectId: number): void {
  localStorage.removeItem(draftKey(projectId));
}
