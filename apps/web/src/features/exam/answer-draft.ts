import type { ExamAnswer, ExamAttempt } from '@portal/contracts';
import { personalStorage } from '../../platform';

/** Chosen option keys (or the text of a blank) by QuestionId. */
export type Choices = Record<string, string[]>;

/**
 * The answers as this browser holds them: every change raises `revision`; `synced` is the newest
 * revision the server confirmed. Kept in personal storage so a reload, a crash or a dropped
 * connection loses nothing, and sent when the connection returns.
 */
export interface AnswerDraft {
  /** Which attempt these answers belong to (its server start time). */
  startedAt: string;
  revision: number;
  synced: number;
  choices: Choices;
  flagged: number[];
}

/**
 * Kept for the signed-in person only (a shared phone), and removed at sign-out. A practice
 * attempt's answers have their own key: practice never touches the real attempt's draft.
 */
export const answerDraftKey = (applyId: number, practice = false) =>
  practice ? `exam-practice:${applyId}` : `exam:${applyId}`;

function isDraft(value: unknown): value is AnswerDraft {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<AnswerDraft>;
  return (
    typeof d.startedAt === 'string' &&
    typeof d.revision === 'number' &&
    typeof d.synced === 'number' &&
    Array.isArray(d.flagged) &&
    typeof d.choices === 'object' &&
    d.choices !== null &&
    Object.values(d.choices).every((c) => Array.isArray(c) && c.every((k) => typeof k === 'string'))
  );
}

export function readAnswerDraft(applyId: number, practice = false): AnswerDraft | undefined {
  try {
    const value: unknown = JSON.parse(
      personalStorage.read(answerDraftKey(applyId, practice)) ?? 'null',
    );
    return isDraft(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function writeAnswerDraft(applyId: number, draft: AnswerDraft, practice = false): void {
  try {
    personalStorage.write(answerDraftKey(applyId, practice), JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the answers still live on the page and the server.
  }
}

export function clearAnswerDraft(applyId: number, practice = false): void {
  personalStorage.remove(answerDraftKey(applyId, practice));
}

/**
 * What to answer from when the attempt is opened: this browser's answers when they are newer than
 * the server's (saved offline, not yet sent), otherwise the server's (another device went on).
 */
export function resumeDraft(local: AnswerDraft | undefined, attempt: ExamAttempt): AnswerDraft {
  if (local && local.startedAt === attempt.StartedAt && local.revision > attempt.Revision)
    return { ...local, synced: Math.min(local.synced, attempt.Revision) };
  return {
    startedAt: attempt.StartedAt,
    revision: attempt.Revision,
    synced: attempt.Revision,
    choices: Object.fromEntries(attempt.Answers.map((a) => [String(a.QuestionId), a.Choices])),
    flagged: attempt.Flagged,
  };
}

/** The answers to send: the answered questions only. */
export function answersOf(choices: Choices): ExamAnswer[] {
  return Object.entries(choices)
    .filter(([, keys]) => keys.length > 0 && keys.some((k) => k.trim() !== ''))
    .map(([id, keys]) => ({ QuestionId: Number(id), Choices: keys }));
}

export const isAnswered = (choices: Choices, questionId: number) =>
  answersOf({ [questionId]: choices[questionId] ?? [] }).length > 0;
