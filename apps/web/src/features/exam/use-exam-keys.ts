import type { ExamQuestion } from '@portal/contracts';
import { useEffect } from 'react';
import { toggledChoices } from './exam-text';

/** Keys the keyboard answers with; typing in a text box (a blank) is left alone. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && !['radio', 'checkbox'].includes(target.type)))
  );
}

/**
 * The desktop sheet's keyboard: number keys 1–9 choose (or toggle) that option of the current
 * question; ← and → move to the previous and next question.
 */
export function useExamKeys({
  enabled,
  question,
  chosen,
  onChoose,
  onMove,
}: {
  enabled: boolean;
  question: ExamQuestion | undefined;
  chosen: readonly string[];
  onChoose: (questionId: number, keys: string[]) => void;
  onMove: (step: -1 | 1) => void;
}) {
  useEffect(() => {
    if (!enabled || !question) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        // Also keeps a focused radio from changing the answer: arrows move between questions.
        event.preventDefault();
        onMove(event.key === 'ArrowLeft' ? -1 : 1);
        return;
      }
      const number = /^[1-9]$/.test(event.key) ? Number(event.key) : 0;
      const option = question.Options[number - 1];
      if (!option) return;
      event.preventDefault();
      onChoose(question.QuestionId, toggledChoices(question, chosen, option.Key));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, question, chosen, onChoose, onMove]);
}
