import { QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH, submitAsk } from '@portal/contracts';
import { z } from 'zod';

export const QUESTION_RULE_TEXT = `请用${QUESTION_MIN_LENGTH}–${QUESTION_MAX_LENGTH}个字描述您的问题`;

/** A question's text by the contract's own rule, and an empty one named as such. */
export const questionContentSchema = z
  .string()
  .trim()
  .min(1, { message: '请输入问题内容', abort: true })
  .pipe(submitAsk.request.shape.Content);

/** Characters as the server counts them (after trimming). */
export function questionLength(content: string): number {
  return content.trim().length;
}
