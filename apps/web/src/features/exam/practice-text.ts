/** The practice attempt's words (issue 30, point 19), the same on a phone and a computer. */
export const PRACTICE_BANNER = '练习模式（不计分）';
export const PRACTICE_BANNER_DETAIL =
  '练习卷只为熟悉考试界面：作答、保存和交卷都和正式考试一样，但不计成绩，也不影响正式考试。';
export const PRACTICE_ENDED = '练习已结束，不计成绩';
export const PRACTICE_ENDED_DETAIL =
  '正式考试还没有开始作答，成绩只来自正式考试。可以再练一次，或返回考试页。';
export const PRACTICE_ENTRY = '先做一次练习';
export const PRACTICE_ENTRY_HINT = '练习不计分，可反复练习；点「开始答题」后练习关闭。';

/** A question's points after its type: none on the practice paper, which scores nothing. */
export const scoreText = (score: number) => (score > 0 ? ` · ${score}分` : '');

/** How the server's refusal before the exam's start time begins: practice is open then. */
export const BEFORE_START_PREFIX = '考试尚未开始';
