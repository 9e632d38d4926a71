import { QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH, submitAsk } from '@portal/contracts';

export const QUESTION_RULE_TEXT = `请用${QUESTION_MIN_LENGTH}–${QUESTION_MAX_LENGTH}个字描述您的问题`;

/** The contract's own rule for a question's text: the message to show, or null when it may be sent. */
export function questionProblem(content: string): string | null {
  if (!content.trim()) return '请输入问题内容';
  const result = submitAsk.request.shape.Content.safeParse(content);
  return result.success ? null : (result.error.issues[0]?.message ?? QUESTION_RULE_TEXT);
}

/** Characters as the server counts them (after trimming). */
export function questionLength(content: string): number {
  return content.trim().length;
}
