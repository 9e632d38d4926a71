import type { ExamPaper } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { personalStorage } from '../../platform';

/** Chosen option keys by QuestionId. */
export type Choices = Record<string, string[]>;

/** What one phone holds of an exam in progress: when it began and every choice so far. */
export interface ExamDraft {
  startedAt: number;
  choices: Choices;
}

/** Kept for the signed-in person only (a shared phone), and removed at sign-out. */
export const examDraftKey = (applyId: number) => `exam:${applyId}`;

function isDraft(value: unknown): value is ExamDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<ExamDraft>;
  return (
    typeof draft.startedAt === 'number' &&
    typeof draft.choices === 'object' &&
    draft.choices !== null &&
    Object.values(draft.choices).every(
      (c) => Array.isArray(c) && c.every((k) => typeof k === 'string'),
    )
  );
}

export function readExamDraft(applyId: number): ExamDraft | undefined {
  try {
    const value: unknown = JSON.parse(personalStorage.read(examDraftKey(applyId)) ?? 'null');
    return isDraft(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeExamDraft(applyId: number, draft: ExamDraft) {
  try {
    personalStorage.write(examDraftKey(applyId), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the answers still live on the page until submitted.
  }
}

export function clearExamDraft(applyId: number) {
  personalStorage.remove(examDraftKey(applyId));
}

/** When the time is up: the paper's duration from the start on this phone, never past EndTime. */
export function examDeadline(paper: ExamPaper, startedAt: number): number {
  const byDuration = startedAt + paper.DurationSeconds * 1000;
  const end = paper.EndTime ? new Date(paper.EndTime).getTime() : Infinity;
  return Math.min(byDuration, end);
}

/** The answers to send: every question of the paper, in its order, unanswered ones empty. */
export function answersOf(paper: ExamPaper, choices: Choices) {
  return paper.Questions.map((q) => ({
    QuestionId: q.QuestionId,
    Choices: choices[q.QuestionId] ?? [],
  }));
}

/**
 * The draft of one exam, written to localStorage on every change (not in an effect), so a reload,
 * a crash or a dropped connection right after a tap loses nothing.
 */
export function useExamDraft(applyId: number) {
  const [draft, setDraft] = useState(() => readExamDraft(applyId));

  const update = useCallback(
    (next: ExamDraft | undefined) => {
      if (next) writeExamDraft(applyId, next);
      else clearExamDraft(applyId);
      setDraft(next);
    },
    [applyId],
  );

  const start = useCallback(() => {
    // Starting again (a second tab, a double tap) keeps the first start time and the choices.
    update(readExamDraft(applyId) ?? { startedAt: Date.now(), choices: {} });
  }, [applyId, update]);

  const choose = useCallback(
    (questionId: number, keys: string[]) => {
      const current = readExamDraft(applyId) ?? draft;
      if (!current) return;
      update({ ...current, choices: { ...current.choices, [questionId]: keys } });
    },
    [applyId, draft, update],
  );

  const clear = useCallback(() => update(undefined), [update]);

  return { draft, start, choose, clear };
}
