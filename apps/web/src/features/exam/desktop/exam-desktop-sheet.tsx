import { PRACTICE_BANNER, PRACTICE_BANNER_DETAIL, scoreText } from '../practice-text';
import type { ExamQuestion } from '@portal/contracts';
import { Alert, Button, Card, Checkbox, Input, Modal, Radio } from 'antd';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { formatDuration } from '../../../shared/date';
import { isAnswered } from '../answer-draft';
import {
  leaveLogLine,
  leaveLogNote,
  leaveNotice,
  leaveRuleText,
  leaveText,
  optionLetter,
  QUESTION_TYPE_TEXT,
  timeWarning,
} from '../exam-text';
import { SAVE_STATE_TEXT, type ExamAttemptState } from '../use-exam-attempt';
import { useExamKeys } from '../use-exam-keys';

/** One empty answer for every unanswered question, so the memoised body sees no change. */
const NOTHING_CHOSEN: string[] = [];

/** Memoised, with the attempt's own (stable) callback: the clock's tick each second passes it by. */
const QuestionBody = memo(function QuestionBody({
  question,
  chosen,
  disabled,
  labelledBy,
  onChoose,
}: {
  question: ExamQuestion;
  chosen: string[];
  disabled: boolean;
  labelledBy: string;
  onChoose: (questionId: number, keys: string[]) => void;
}) {
  const onChange = (keys: string[]) => onChoose(question.QuestionId, keys);
  const options = question.Options.map((o, i) => ({
    value: o.Key,
    label: (
      <span className="exam-desk__option">
        <span className="exam-desk__option-key" aria-hidden="true">
          {optionLetter(i)}
        </span>
        {o.Text}
      </span>
    ),
  }));
  if (question.Type === 'blank')
    return (
      <Input
        aria-labelledby={labelledBy}
        placeholder="请输入答案"
        maxLength={200}
        disabled={disabled}
        value={chosen[0] ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? [] : [event.target.value])}
      />
    );
  if (question.Type === 'multiple')
    return (
      <Checkbox.Group
        className="exam-desk__options"
        aria-labelledby={labelledBy}
        role="group"
        disabled={disabled}
        options={options}
        value={chosen}
        // Kept in the order shown, whatever order they were ticked in.
        onChange={(keys) =>
          onChange(question.Options.map((o) => o.Key).filter((k) => keys.includes(k)))
        }
      />
    );
  return (
    <Radio.Group
      className="exam-desk__options"
      aria-labelledby={labelledBy}
      disabled={disabled}
      options={options}
      value={chosen[0]}
      onChange={(event) => onChange([String(event.target.value)])}
    />
  );
});

/**
 * Answering on a desktop: one question at a time on the left, the answer card with the countdown
 * fixed on the right. Number keys choose, ← → move; everything else is the shared attempt hook.
 */
export function ExamDesktopSheet({ exam }: { exam: ExamAttemptState }) {
  const paper = exam.paper!;
  const draft = exam.draft!;
  const { timeUp, submitting, submitError, saveState } = exam;
  const seconds = exam.secondsLeft ?? 0;
  const questions = paper.Questions;
  const [index, setIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const question = questions[index];
  const chosen = (question && draft.choices[question.QuestionId]) ?? NOTHING_CHOSEN;
  const answered = questions.filter((q) => isAnswered(draft.choices, q.QuestionId)).length;
  const locked = submitting || timeUp;

  const goTo = useCallback(
    (next: number) => {
      if (next < 0 || next >= questions.length) return;
      setIndex(next);
      // The new question is announced and the keyboard starts from it.
      requestAnimationFrame(() => headingRef.current?.focus());
    },
    [questions.length],
  );
  const move = useCallback((step: -1 | 1) => goTo(index + step), [goTo, index]);

  useExamKeys({
    enabled: !locked && !confirming,
    question,
    chosen,
    onChoose: exam.choose,
    onMove: move,
  });

  useEffect(() => {
    if (timeUp) setConfirming(false);
  }, [timeUp]);

  // The site's menu stays on screen during the exam: leaving through it asks first.
  const leaving = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname ||
      currentLocation.search !== nextLocation.search,
  );

  if (!question) return null;
  const flagged = draft.flagged.includes(question.QuestionId);
  const attempt = exam.attempt!;
  const leave = leaveText(attempt.LeaveCount, attempt.LeaveLimit);
  const headingId = `exam-desk-q-${question.QuestionId}`;
  const left = questions.length - answered;

  return (
    <div className="exam-desk__sheet">
      <section className="exam-desk__main" aria-labelledby="exam-desk-title">
        <h2 className="exam-desk__heading" id="exam-desk-title">
          {paper.Title}
        </h2>
        {/* After an absence, what the server judged of it takes the rule's place until read. */}
        <div role="alert">
          {exam.newLeave ? (
            <Alert
              className="exam-desk__leave-rule"
              type="warning"
              showIcon
              // The live region is the wrapper, there before the notice: one announcement.
              role="none"
              title={leaveNotice(attempt)}
              action={<Button onClick={exam.dismissLeave}>知道了</Button>}
            />
          ) : null}
        </div>
        {exam.practice ? (
          <Alert
            className="exam-desk__leave-rule"
            type="warning"
            showIcon
            role="note"
            title={PRACTICE_BANNER}
            description={PRACTICE_BANNER_DETAIL}
          />
        ) : exam.newLeave ? null : (
          <Alert
            className="exam-desk__leave-rule"
            type="info"
            showIcon
            role="note"
            title={`${leaveRuleText(attempt.LeaveThresholdSeconds, attempt.LeaveLimit)}。请留在本页作答。`}
          />
        )}
        <Card className="exam-desk__question">
          <p className="exam-desk__meta">
            第{index + 1}题 / 共{questions.length}题 · {QUESTION_TYPE_TEXT[question.Type]}
            {scoreText(question.Score)}
            {question.Type === 'multiple' ? '（可多选）' : ''}
          </p>
          <h3 className="exam-desk__content" id={headingId} tabIndex={-1} ref={headingRef}>
            {question.Content}
          </h3>
          <QuestionBody
            key={question.QuestionId}
            question={question}
            chosen={chosen}
            disabled={locked}
            labelledBy={headingId}
            onChoose={exam.choose}
          />
          <div className="exam-desk__nav">
            <Button disabled={index === 0} onClick={() => move(-1)}>
              上一题
            </Button>
            <Button
              aria-pressed={flagged}
              className={flagged ? 'exam-desk__flag--on' : undefined}
              onClick={() => exam.toggleFlag(question.QuestionId)}
            >
              {flagged ? '已标记待检查' : '标记待检查'}
            </Button>
            <Button
              type="primary"
              disabled={index === questions.length - 1}
              onClick={() => move(1)}
            >
              下一题
            </Button>
          </div>
          <p className="exam-desk__hint">键盘：数字键 1–9 选择选项，← → 切换题目</p>
        </Card>
      </section>

      <aside className="exam-desk__card" aria-label="答题卡">
        <Card>
          <p className="exam-desk__timer" role="timer">
            <span className="exam-desk__timer-label">剩余时间</span>
            <time
              dateTime={`PT${seconds}S`}
              className={
                seconds <= 300 ? 'exam-desk__time exam-desk__time--low' : 'exam-desk__time'
              }
            >
              {formatDuration(seconds)}
            </time>
          </p>
          <p className="visually-hidden" aria-live="polite">
            {timeWarning(seconds)}
          </p>
          <p
            className={
              saveState === 'offline'
                ? 'exam-desk__save exam-desk__save--offline'
                : 'exam-desk__save'
            }
            role="status"
          >
            {SAVE_STATE_TEXT[saveState]}
            {leave ? ` · ${leave}` : ''}
          </p>
          <p className="exam-desk__progress">
            已答 {answered}/{questions.length}
          </p>
          <nav aria-label="题目导航">
            <ol className="exam-desk__grid">
              {questions.map((q, i) => {
                const done = isAnswered(draft.choices, q.QuestionId);
                const marked = draft.flagged.includes(q.QuestionId);
                const className = [
                  'exam-desk__cell',
                  done ? 'exam-desk__cell--answered' : '',
                  marked ? 'exam-desk__cell--flagged' : '',
                  i === index ? 'exam-desk__cell--current' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <li key={q.QuestionId}>
                    <button
                      type="button"
                      className={className}
                      aria-current={i === index ? 'step' : undefined}
                      aria-label={`第${i + 1}题，${done ? '已作答' : '未作答'}${marked ? '，已标记待检查' : ''}`}
                      onClick={() => goTo(i)}
                    >
                      {i + 1}
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
          <p className="exam-desk__legend">
            <span className="exam-desk__swatch exam-desk__swatch--answered" /> 已答
            <span className="exam-desk__swatch" /> 未答
            <span className="exam-desk__swatch exam-desk__swatch--flagged" /> 待检查
          </p>
          {attempt.Leaves.length > 0 ? (
            <section className="exam-desk__leaves" aria-labelledby="exam-desk-leaves">
              <h3 className="exam-desk__leaves-title" id="exam-desk-leaves">
                离开记录（北京时间）
              </h3>
              <p className="exam-desk__leaves-note">
                {leaveLogNote(attempt.LeaveThresholdSeconds)}
              </p>
              <ol>
                {attempt.Leaves.map((item) => {
                  const line = leaveLogLine(item);
                  return (
                    <li
                      key={item.HiddenAt}
                      className={line.counted ? 'exam-desk__leave--counted' : undefined}
                    >
                      <span className="exam-desk__leave-time">{line.time}</span>
                      <span>{line.text}</span>
                    </li>
                  );
                })}
              </ol>
            </section>
          ) : null}
          {submitError ? (
            <Alert
              type="error"
              role="alert"
              showIcon
              title={`交卷未成功：${submitError}。你的答案已保存，请检查网络后重新提交。`}
            />
          ) : timeUp ? (
            <Alert type="info" showIcon title="考试时间到，正在自动交卷…" />
          ) : null}
          <Button
            type="primary"
            size="large"
            block
            className="exam-desk__submit"
            loading={submitting}
            disabled={submitting || (timeUp && !submitError)}
            onClick={() => (submitError ? void exam.submit() : setConfirming(true))}
          >
            {submitError
              ? '重新提交'
              : timeUp
                ? '时间到'
                : `交卷（已答 ${answered}/${questions.length}）`}
          </Button>
        </Card>
      </aside>

      <Modal
        open={confirming}
        title="确认交卷"
        okText="确认交卷"
        cancelText="继续答题"
        onCancel={() => setConfirming(false)}
        onOk={() => {
          setConfirming(false);
          void exam.submit();
        }}
      >
        {left > 0
          ? `还有 ${left} 题未作答。交卷后不能再修改答案，确定交卷吗？`
          : `${questions.length} 题已全部作答。交卷后不能再修改答案，确定交卷吗？`}
      </Modal>
      <Modal
        open={leaving.state === 'blocked'}
        title="离开考试页面？"
        okText="离开"
        cancelText="继续答题"
        onCancel={() => leaving.reset?.()}
        onOk={() => leaving.proceed?.()}
      >
        考试仍在计时，离开不会暂停计时，也不会自动交卷；离开考试页面超过{' '}
        {attempt.LeaveThresholdSeconds}{' '}
        秒将被记录。已作答的内容已保存，可从「我的项目」回到本考试继续作答。
      </Modal>
    </div>
  );
}
