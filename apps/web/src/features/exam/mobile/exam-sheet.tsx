import { PRACTICE_BANNER, PRACTICE_BANNER_DETAIL } from '../practice-text';
import { Button, Dialog } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../../shared/date';
import { isAnswered } from '../answer-draft';
import { leaveNotice, leaveRuleText, leaveText, timeWarning } from '../exam-text';
import { LeaveLog } from './leave-log';
import { SAVE_STATE_TEXT, type ExamAttemptState } from '../use-exam-attempt';
import { ExamNavigator } from './exam-navigator';
import { QuestionField } from './question-field';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

const NAVIGATOR_ID = 'exam-navigator';
/** One empty answer for every unanswered question, so their memoised fields see no change. */
const NOTHING_CHOSEN: string[] = [];

/**
 * Answering on a phone. All questions in one scrolling list (not one per screen): on a cheap phone
 * a list needs no extra taps or renders per question, the candidate can review by scrolling, and
 * the 答题卡 jumps to any question. Time, answers and the submission are the hook's (the server's).
 */
export function ExamSheet({ exam }: { exam: ExamAttemptState }) {
  const paper = exam.paper!;
  const draft = exam.draft!;
  const { secondsLeft = 0, timeUp, submitting, submitError, saveState } = exam;
  const confirming = useRef(false);
  const [navigatorOpen, setNavigatorOpen] = useState(false);
  const total = paper.Questions.length;
  const answered = paper.Questions.filter((q) => isAnswered(draft.choices, q.QuestionId)).length;
  const seconds = secondsLeft ?? 0;

  const confirmAndSend = async () => {
    if (submitting || confirming.current) return;
    confirming.current = true;
    const left = total - answered;
    const ok = await Dialog.confirm({
      title: '确认交卷',
      content:
        left > 0
          ? `还有 ${left} 题未作答。交卷后不能再修改答案，确定交卷吗？`
          : `${total} 题已全部作答。交卷后不能再修改答案，确定交卷吗？`,
      confirmText: '确认交卷',
      cancelText: '继续答题',
    });
    confirming.current = false;
    if (ok) void exam.submit();
  };

  // Time up: whatever dialog is open goes; the hook submits.
  useEffect(() => {
    if (timeUp) Dialog.clear();
  }, [timeUp]);

  const goTo = (questionId: number) => {
    setNavigatorOpen(false);
    const target = document.getElementById(`question-${questionId}`);
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  };

  const locked = submitting || timeUp;
  const attempt = exam.attempt!;
  const leave = leaveText(attempt.LeaveCount, attempt.LeaveLimit);

  return (
    <div className="exam-page">
      <div className="exam-bar">
        <div className="exam-bar__row">
          <p
            className={seconds <= 300 ? 'exam-bar__timer exam-bar__timer--low' : 'exam-bar__timer'}
            role="timer"
          >
            <span className="exam-bar__label">剩余时间</span>{' '}
            <time dateTime={`PT${seconds}S`}>{formatDuration(seconds)}</time>
          </p>
          <p className="exam-bar__progress">
            已答 {answered}/{total}
          </p>
          <button
            type="button"
            className="exam-bar__toggle"
            aria-expanded={navigatorOpen}
            aria-controls={NAVIGATOR_ID}
            onClick={() => setNavigatorOpen((open) => !open)}
          >
            答题卡
          </button>
        </div>
        <p
          className={
            saveState === 'offline'
              ? 'exam-bar__status exam-bar__status--offline'
              : 'exam-bar__status'
          }
          role="status"
        >
          {SAVE_STATE_TEXT[saveState]}
          {leave ? ` · ${leave}` : ''}
        </p>
        {navigatorOpen ? (
          <ExamNavigator
            id={NAVIGATOR_ID}
            questions={paper.Questions}
            choices={draft.choices}
            flagged={draft.flagged}
            onGo={goTo}
          />
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {timeWarning(seconds)}
        </p>
        <div role="alert">
          {exam.newLeave ? (
            <div className="exam-leave-notice">
              <p>{leaveNotice(attempt)}</p>
              <button type="button" className="exam-leave-notice__ok" onClick={exam.dismissLeave}>
                知道了
              </button>
            </div>
          ) : null}
        </div>
      </div>

      {exam.practice ? (
        <p className="exam-practice-banner" role="note">
          <strong>{PRACTICE_BANNER}</strong>
          {PRACTICE_BANNER_DETAIL}
        </p>
      ) : (
        <p className="exam-leave-rule">
          {leaveRuleText(attempt.LeaveThresholdSeconds, attempt.LeaveLimit)}。请留在本页作答。
        </p>
      )}
      <h2 className="exam-sheet__title">{paper.Title}</h2>
      <form className="exam-sheet" aria-label="答卷" onSubmit={(e) => e.preventDefault()}>
        {paper.Questions.map((question, index) => (
          <QuestionField
            key={question.QuestionId}
            question={question}
            index={index}
            chosen={draft.choices[question.QuestionId] ?? NOTHING_CHOSEN}
            flagged={draft.flagged.includes(question.QuestionId)}
            disabled={locked}
            onChoose={exam.choose}
            onToggleFlag={exam.toggleFlag}
          />
        ))}
      </form>
      <LeaveLog attempt={attempt} />

      <div className={submitError || timeUp ? 'exam-bottom-spacer--tall' : 'm-bottom-spacer'} />
      <div className="m-bottom-bar exam-submit-bar">
        {submitError ? (
          <div className="exam-submit-bar__failure" role="alert">
            交卷未成功：{submitError}
            。你的答案已保存，请检查网络后重新提交。
          </div>
        ) : timeUp ? (
          <p className="exam-submit-bar__note" role="status">
            考试时间到，正在自动交卷…
          </p>
        ) : null}
        {submitError ? (
          <Button
            color="primary"
            loading={submitting}
            loadingText={BUSY_TEXT}
            disabled={submitting}
            onClick={() => void exam.submit()}
          >
            重新提交
          </Button>
        ) : (
          <Button
            color="primary"
            loading={submitting}
            loadingText={BUSY_TEXT}
            disabled={locked}
            onClick={() => void confirmAndSend()}
          >
            {timeUp ? '时间到' : `交卷（已答 ${answered}/${total}）`}
          </Button>
        )}
      </div>
    </div>
  );
}
