import type { ExamQuestion } from '@portal/contracts';

/** Words both layouts show for the same facts. */
export const QUESTION_TYPE_TEXT: Record<ExamQuestion['Type'], string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  blank: '填空题',
};

/** Options are lettered by position: the order is shuffled per candidate, the keys stay hidden. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** Said once when the time left crosses a threshold (the timer itself is not live: too chatty). */
export function timeWarning(secondsLeft: number): string {
  if (secondsLeft <= 60) return '考试剩余时间不足1分钟，时间到将自动交卷';
  if (secondsLeft <= 300) return '考试剩余时间不足5分钟';
  return '';
}

/** An absence shorter than this is not counted: a call, a notification, a reload of the page. */
export const LEAVE_GRACE_SECONDS = 5;

/** The exam's rule on leaving the page, as the introduction states it. */
export function leaveRuleText(limit: number | null): string {
  const counted = `离开考试页面超过 ${LEAVE_GRACE_SECONDS} 秒会被记录（来电、通知弹窗、刷新页面等短暂离开不计）`;
  return limit === null ? counted : `${counted}，超过 ${limit} 次将自动交卷`;
}

/** 离开考试页面 N 次, with the paper's limit when it has one. */
export function leaveText(count: number, limit: number | null): string {
  if (count === 0) return '';
  return limit === null
    ? `离开考试页面 ${count} 次`
    : `离开考试页面 ${count} 次（超过 ${limit} 次将自动交卷）`;
}

/** Minutes and seconds between start and submission, as the result screen says it. */
export function timeUsedText(startedAt: string, submittedAt: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(submittedAt) - Date.parse(startedAt)) / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}分${seconds % 60}秒` : `${seconds}秒`;
}

/** Toggles one option of a multiple choice, keeping the order the options are shown in. */
export function toggledChoices(
  question: ExamQuestion,
  chosen: readonly string[],
  key: string,
): string[] {
  if (question.Type !== 'multiple') return [key];
  const next = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
  return question.Options.map((o) => o.Key).filter((k) => next.includes(k));
}

/** The result screen's heading: who ended the attempt. */
export const ENDED_BY_TEXT: Record<string, string> = {
  candidate: '答卷已提交',
  deadline: '考试时间到，已自动交卷',
  leaveLimit: '离开考试页面次数超过限制，已自动交卷',
};

/** One line of the result's review: right, partly, wrong, or left unanswered. */
export function reviewMark(
  item: { Correct: boolean; Earned: number } | undefined,
  answered: boolean,
): { text: string; tone: 'right' | 'wrong' | 'none' } {
  if (!answered) return { text: '未作答', tone: 'none' };
  if (item?.Correct) return { text: '正确', tone: 'right' };
  if ((item?.Earned ?? 0) > 0) return { text: '部分得分', tone: 'right' };
  return { text: '错误', tone: 'wrong' };
}
