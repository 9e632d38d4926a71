import type { ExamAttempt, ExamLeave, ExamQuestion, ExamSummary } from '@portal/contracts';
import { formatDate } from '../../shared/date';

/** Words both layouts show for the same facts. */
export const QUESTION_TYPE_TEXT: Record<ExamQuestion['Type'], string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  blank: '填空题',
};

/** Options are lettered by position: the order is shuffled per candidate, the keys stay hidden. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** An answer card's cell as a screen reader says it. */
export function answerCardCellLabel(index: number, answered: boolean, flagged: boolean): string {
  return `第${index + 1}题，${answered ? '已作答' : '未作答'}${flagged ? '，已标记待检查' : ''}`;
}

/** Minutes left at which the time is said to a screen reader (the timer itself is not live). */
const SPOKEN_MINUTES = [30, 15, 5, 1] as const;

/**
 * What a live region says of the time left: the text changes only as the time crosses 30, 15, 5
 * and 1 minutes, so a screen reader hears four sentences, not a tick per second.
 */
export function timeWarning(secondsLeft: number): string {
  const mark = [...SPOKEN_MINUTES].reverse().find((minutes) => secondsLeft <= minutes * 60);
  if (mark === undefined) return '';
  return mark === 1 ? '考试剩余时间不足1分钟，时间到将自动交卷' : `考试剩余时间不足${mark}分钟`;
}

/** The approved extra time (合理便利) as the introduction states it; '' when there is none. */
export function extraTimeText(summary: Pick<ExamSummary, 'ExtraTimePercent' | 'AllowedSeconds'>) {
  if (summary.ExtraTimePercent === 0) return '';
  return `你已获批延长考试时间 ${summary.ExtraTimePercent}%（合理便利），本场考试时长 ${Math.round(summary.AllowedSeconds / 60)} 分钟`;
}

/**
 * When the window's end comes before this candidate's whole time would (the server's deadline is
 * the earlier of the two), the intro says so before the clock starts; '' otherwise.
 */
export function shortenedByWindowText(
  summary: Pick<ExamSummary, 'EndTime' | 'ServerTime' | 'AllowedSeconds'>,
): string {
  if (!summary.EndTime) return '';
  const left = Date.parse(summary.EndTime) - Date.parse(summary.ServerTime);
  if (left <= 0 || left >= summary.AllowedSeconds * 1000) return '';
  return `考试将于 ${formatDate(summary.EndTime, 'YYYY-MM-DD HH:mm')} 结束，现在开始只有约 ${Math.floor(left / 60_000)} 分钟作答时间，不足本场考试时长`;
}

/** The exam's rule on leaving the page, as the introduction and the sheet state it. */
export function leaveRuleText(thresholdSeconds: number, limit: number | null): string {
  const counted = `离开考试页面（切换应用、窗口或标签页）超过 ${thresholdSeconds} 秒将被记录，来电、通知弹窗、刷新页面等短暂离开不计`;
  return limit === null ? counted : `${counted}；超过 ${limit} 次将自动交卷`;
}

/** 离开考试页面 N 次, with the paper's limit when it has one. */
export function leaveText(count: number, limit: number | null): string {
  if (count === 0) return '';
  return limit === null
    ? `离开考试页面 ${count} 次`
    : `离开考试页面 ${count} 次（超过 ${limit} 次将自动交卷）`;
}

/**
 * What the sheet says of leaving: before any absence, the rule; after one, what the server
 * judged of it and the rule again, so the first counted absence never comes unannounced.
 */
export function leaveNotice(
  attempt: Pick<ExamAttempt, 'Leaves' | 'LeaveCount' | 'LeaveLimit' | 'LeaveThresholdSeconds'>,
): string {
  const threshold = attempt.LeaveThresholdSeconds;
  const limit = attempt.LeaveLimit;
  const rule =
    limit === null
      ? `离开考试页面超过 ${threshold} 秒将被记录，请留在本页作答。`
      : `离开考试页面超过 ${threshold} 秒将被记录，超过 ${limit} 次将自动交卷，请留在本页作答。`;
  const last = attempt.Leaves.at(-1);
  if (!last) return rule;
  if (!last.Counted)
    return `你刚才离开考试页面 ${last.Seconds} 秒，未超过 ${threshold} 秒，不计入。${rule}`;
  // Past the limit the attempt is submitted, so limit − count + 1 more counted absences end it.
  const warning = limit === null ? '' : `再记录 ${limit - attempt.LeaveCount + 1} 次将自动交卷。`;
  return `你刚才离开考试页面 ${last.Seconds} 秒，已记录（共 ${attempt.LeaveCount} 次）。${warning}请留在本页作答。`;
}

/** One line of the candidate's leave log, in Beijing time as the server stamped it. */
export function leaveLogLine(leave: ExamLeave): { time: string; text: string; counted: boolean } {
  return {
    time: `${formatDate(leave.HiddenAt, 'HH:mm:ss')}–${formatDate(leave.BackAt, 'HH:mm:ss')}`,
    text: `离开 ${leave.Seconds} 秒，${leave.Counted ? '已记录' : '不计'}`,
    counted: leave.Counted,
  };
}

/** Under the log's heading: which absences count. */
export const leaveLogNote = (thresholdSeconds: number) => `离开超过 ${thresholdSeconds} 秒才记录`;

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
