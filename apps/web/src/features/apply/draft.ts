import { formValuesSchema, type ApplyDraft, type FormValues } from '@portal/contracts';
import { z } from 'zod';
import { personalStorage } from '../../platform';

/**
 * What was typed into a project's form, as this browser holds it until the application is sent.
 * `revision`: the server's draft revision it was last saved as (or started from); `pending`: typed
 * since, not yet saved to the server.
 */
export interface LocalDraft {
  values: FormValues;
  positionId: number | null;
  revision: number | null;
  pending: boolean;
}

export function draftKey(projectId: number): string {
  return `apply-draft:${projectId}`;
}

const localDraftSchema = z.object({
  values: formValuesSchema,
  positionId: z.number().int().nullable(),
  revision: z.number().int().nullable(),
  pending: z.boolean(),
});

export function readDraft(projectId: number): LocalDraft | null {
  try {
    const stored: unknown = JSON.parse(personalStorage.read(draftKey(projectId)) ?? 'null');
    const draft = localDraftSchema.safeParse(stored);
    if (draft.success) return draft.data;
    // Kept before drafts reached the server: the values alone, never saved there.
    const values = formValuesSchema.safeParse(stored);
    return values.success && stored !== null
      ? { values: values.data, positionId: null, revision: null, pending: true }
      : null;
  } catch {
    return null;
  }
}

export function writeDraft(projectId: number, draft: LocalDraft): void {
  try {
    personalStorage.write(draftKey(projectId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the draft still reaches the server.
  }
}

export function clearDraft(projectId: number): void {
  personalStorage.remove(draftKey(projectId));
}

/**
 * The draft a form starts from, newest first: this browser's when it holds typing the server has
 * not seen and no other device saved since it last did; else the server's (typed on another device,
 * or here and saved). A saved copy here without a draft on the server is gone there (sent, or
 * left too long), so it is not used.
 */
export function newestDraft(
  local: LocalDraft | null,
  server: ApplyDraft | null,
): LocalDraft | null {
  if (local?.pending && (server === null || (local.revision ?? 0) >= server.Revision)) return local;
  if (server)
    return {
      values: server.Values,
      positionId: server.PositionId,
      revision: server.Revision,
      pending: false,
    };
  return null;
}
