import { saveApplyDraft, type FormValues } from '@portal/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { callEndpoint } from '../../platform';
import { clearDraft, writeDraft, type LocalDraft } from './draft';

/** How long typing rests before the draft goes to the server. */
export const DRAFT_SAVE_DELAY_MS = 1500;

/**
 * Keeps the form's draft in this browser at every change and, once typing rests, on the server
 * (ProjectApply/SaveApplyDraft), so it follows the candidate to another device. One save at a time;
 * what changes meanwhile is sent after it. A failed save stays here, marked pending, and goes with
 * the next change or when the page is hidden. Silent: the form is what the candidate looks at.
 */
export function useDraftSync(projectId: number) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const latest = useRef<LocalDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sending = useRef(false);
  const done = useRef(false);

  const send = useCallback(
    async (keepalive = false) => {
      clearTimeout(timer.current);
      const draft = latest.current;
      if (!draft?.pending || sending.current || done.current) return;
      sending.current = true;
      try {
        const saved = await callEndpoint(
          saveApplyDraft,
          {
            ProjectId: projectId,
            PositionId: draft.positionId ?? undefined,
            Values: draft.values,
          },
          { silent: true, keepalive },
        );
        const now = latest.current;
        if (done.current || !now) return;
        latest.current = { ...now, revision: saved.Revision, pending: now !== draft };
        writeDraft(projectId, latest.current);
        setSavedAt(saved.UpdateTime);
      } catch {
        // Kept here as pending: sent with the next change, or when the page is hidden.
        return;
      } finally {
        sending.current = false;
      }
      if (latest.current?.pending)
        timer.current = setTimeout(() => void send(), DRAFT_SAVE_DELAY_MS);
    },
    [projectId],
  );

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void send(true);
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the form within the app: what rests unsaved goes now.
      void send();
    };
  }, [send]);

  const controls = useMemo(
    () => ({
      /** The draft the form starts from; one typed here and not yet saved goes to the server. */
      start(draft: LocalDraft | null) {
        latest.current = draft;
        if (draft) writeDraft(projectId, draft);
        if (draft?.pending) timer.current = setTimeout(() => void send(), DRAFT_SAVE_DELAY_MS);
      },
      /** Something was typed or chosen. */
      change(values: FormValues, positionId: number | null) {
        if (done.current) return;
        latest.current = {
          values,
          positionId,
          revision: latest.current?.revision ?? null,
          pending: true,
        };
        writeDraft(projectId, latest.current);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void send(), DRAFT_SAVE_DELAY_MS);
      },
      /** The application was sent (the server dropped its draft with it): nothing more is saved. */
      finish() {
        done.current = true;
        clearTimeout(timer.current);
        clearDraft(projectId);
      },
    }),
    [projectId, send],
  );
  return { ...controls, savedAt };
}
