import { scoreText } from '../practice-text';
import type { ExamAttempt, ExamQuestion } from '@portal/contracts';
import { Alert, Button, Card, Checkbox, ConfigProvider, Input, Modal, Radio } from 'antd';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';
import { formatDuration } from '../../../shared/date';
import { isAnswered, type Choices } from '../answer-draft';
import {
  answerCardCellLabel,
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
import { PracticeBannerDesktop } from './practice-desktop';

/** One empty answer for every unanswered question, so the memoised body sees no change. */
const NOTHING_CHOSEN: string[] = [];

/** Memoised, with the attempt's own (stable) callback: only its own answer renders it again. */
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

const headingIdOf = (question: ExamQuestion) => `exam-desk-q-${question.QuestionId}`;

/** 上一题, 标记待检查, 下一题: rendered again only when the question or its flag changes. */
const QuestionNav = memo(function QuestionNav({
  questionId,
  index,
  total,
  flagged,
  onMove,
  onToggleFlag,
}: {
  questionId: number;
  index: number;
  total: number;
  flagged: boolean;
  onMove: (step: -1 | 1) => void;
  onToggleFlag: (questionId: number) => void;
}) {
  return (
    <div className="exam-desk__nav">
      <Button disabled={index === 0} onClick={() => onMove(-1)}>
        上一题
      </Button>
      <Button
        aria-pressed={flagged}
        className={flagged ? 'exam-desk__flag--on' : undefined}
        onClick={() => onToggleFlag(questionId)}
      >
        {flagged ? '已标记待检查' : '标记待检查'}
      </Button>
      <Button type="primary" disabled={index === total - 1} onClick={() => onMove(1)}>
        下一题
      </Button>
    </div>
  );
});

/**
 * The question on show. Memoised like every part of the sheet: the clock's tick each second
 * renders the sheet, and only the countdown should follow it (at 4× CPU a render of the whole
 * sheet took longer than an interaction may). Every question's options are rendered once, just
 * after the first, and kept, hidden but the current one's: moving shows another instead of
 * building it, and antd's styles for a kind of field stay registered (when its last one unmounts
 * they are dropped, and compiled again at the next).
 */
const QuestionCard = memo(function QuestionCard({
  questions,
  index,
  choices,
  flagged,
  locked,
  headingRef,
  onChoose,
  onToggleFlag,
  onMove,
}: {
  questions: ExamQuestion[];
  index: number;
  choices: Choices;
  flagged: readonly number[];
  locked: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChoose: (questionId: number, keys: string[]) => void;
  onToggleFlag: (questionId: number) => void;
  onMove: (step: -1 | 1) => void;
}) {
  const [allRendered, setAllRendered] = useState(false);
  useEffect(() => startTransition(() => setAllRendered(true)), []);
  const question = questions[index]!;
  return (
    <Card className="exam-desk__question">
      <p className="exam-desk__meta">
        第{index + 1}题 / 共{questions.length}题 · {QUESTION_TYPE_TEXT[question.Type]}
        {scoreText(question.Score)}
        {question.Type === 'multiple' ? '（可多选）' : ''}
      </p>
      <h3 className="exam-desk__content" id={headingIdOf(question)} tabIndex={-1} ref={headingRef}>
        {question.Content}
      </h3>
      {questions.map((q, i) =>
        allRendered || i === index ? (
          <div key={q.QuestionId} hidden={i !== index}>
            <QuestionBody
              question={q}
              chosen={choices[q.QuestionId] ?? NOTHING_CHOSEN}
              disabled={locked}
              labelledBy={headingIdOf(q)}
              onChoose={onChoose}
            />
          </div>
        ) : null,
      )}
      <QuestionNav
        questionId={question.QuestionId}
        index={index}
        total={questions.length}
        flagged={flagged.includes(question.QuestionId)}
        onMove={onMove}
        onToggleFlag={onToggleFlag}
      />
      <p className="exam-desk__hint">键盘：数字键 1–9 选择选项，← → 切换题目</p>
    </Card>
  );
});

/** The leave rule, or the practice banner, and the server's word on the last absence until read. */
const SheetNotices = memo(function SheetNotices({
  attempt,
  newLeave,
  practice,
  onDismissLeave,
}: {
  attempt: ExamAttempt;
  newLeave: boolean;
  practice: boolean;
  onDismissLeave: () => void;
}) {
  return (
    <>
      {/* After an absence, what the server judged of it takes the rule's place until read. */}
      <div role="alert">
        {newLeave ? (
          <Alert
            className="exam-desk__leave-rule"
            type="warning"
            showIcon
            // The live region is the wrapper, there before the notice: one announcement.
            role="none"
            title={leaveNotice(attempt)}
            action={<Button onClick={onDismissLeave}>知道了</Button>}
          />
        ) : null}
      </div>
      {practice ? (
        <PracticeBannerDesktop />
      ) : newLeave ? null : (
        <Alert
          className="exam-desk__leave-rule"
          type="info"
          showIcon
          role="note"
          title={`${leaveRuleText(attempt.LeaveThresholdSeconds, attempt.LeaveLimit)}。请留在本页作答。`}
        />
      )}
    </>
  );
});

/** The answer card's grid: one button per question (answered, flagged, current). */
const AnswerGrid = memo(function AnswerGrid({
  questions,
  choices,
  flagged,
  index,
  onGo,
}: {
  questions: ExamQuestion[];
  choices: Choices;
  flagged: readonly number[];
  index: number;
  onGo: (index: number) => void;
}) {
  return (
    <nav aria-label="题目导航">
      <ol className="exam-desk__grid">
        {questions.map((q, i) => {
          const done = isAnswered(choices, q.QuestionId);
          const marked = flagged.includes(q.QuestionId);
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
                aria-label={answerCardCellLabel(i, done, marked)}
                onClick={() => onGo(i)}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});

const LeaveLogDesktop = memo(function LeaveLogDesktop({ attempt }: { attempt: ExamAttempt }) {
  if (attempt.Leaves.length === 0) return null;
  return (
    <section className="exam-desk__leaves" aria-labelledby="exam-desk-leaves">
      <h3 className="exam-desk__leaves-title" id="exam-desk-leaves">
        离开记录（北京时间）
      </h3>
      <p className="exam-desk__leaves-note">{leaveLogNote(attempt.LeaveThresholdSeconds)}</p>
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
  );
});

/** 交卷 (or 重新提交 after a failure), with what stands in its way. */
const SubmitArea = memo(function SubmitArea({
  answered,
  total,
  submitting,
  submitError,
  timeUp,
  onAskToSubmit,
  onSubmitAgain,
}: {
  answered: number;
  total: number;
  submitting: boolean;
  submitError: string | null;
  timeUp: boolean;
  onAskToSubmit: () => void;
  onSubmitAgain: () => void;
}) {
  return (
    <>
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
        onClick={submitError ? onSubmitAgain : onAskToSubmit}
      >
        {submitError ? '重新提交' : timeUp ? '时间到' : `交卷（已答 ${answered}/${total}）`}
      </Button>
    </>
  );
});

const ConfirmSubmitModal = memo(function ConfirmSubmitModal({
  open,
  answered,
  total,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  answered: number;
  total: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const left = total - answered;
  return (
    <Modal
      open={open}
      title="确认交卷"
      okText="确认交卷"
      cancelText="继续答题"
      onCancel={onCancel}
      onOk={onConfirm}
    >
      {left > 0
        ? `还有 ${left} 题未作答。交卷后不能再修改答案，确定交卷吗？`
        : `${total} 题已全部作答。交卷后不能再修改答案，确定交卷吗？`}
    </Modal>
  );
});

const LeaveExamModal = memo(function LeaveExamModal({
  blocker,
  thresholdSeconds,
}: {
  blocker: Blocker;
  thresholdSeconds: number;
}) {
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="离开考试页面？"
      okText="离开"
      cancelText="继续答题"
      onCancel={() => blocker.reset?.()}
      onOk={() => blocker.proceed?.()}
    >
      考试仍在计时，离开不会暂停计时，也不会自动交卷；离开考试页面超过 {thresholdSeconds}{' '}
      秒将被记录。已作答的内容已保存，可从「我的项目」回到本考试继续作答。
    </Modal>
  );
});

/**
 * No antd motion while answering (the dialogs keep theirs): a radio's dot, a box's tick and a
 * button's hover each ran CSS transitions for 0.2–0.3 s after a click, a style recalculation every
 * frame and a dozen transition events through React's root listener, on the main thread when the
 * next click came (INP, issue 31 point 5). The checked state shows at once instead.
 */
const NO_MOTION = { token: { motion: false } };

/** The site's menu stays on screen during the exam: leaving through it asks first. */
const leavesTheExam: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname ||
  currentLocation.search !== nextLocation.search;

/**
 * Answering on a desktop: one question at a time on the left, the answer card with the countdown
 * fixed on the right. Number keys choose, ← → move; everything else is the shared attempt hook.
 */
export function ExamDesktopSheet({ exam }: { exam: ExamAttemptState }) {
  const paper = exam.paper!;
  const draft = exam.draft!;
  const { timeUp, submitting, submitError, saveState, submit } = exam;
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
  const askToSubmit = useCallback(() => setConfirming(true), []);
  const keepAnswering = useCallback(() => setConfirming(false), []);
  const confirmSubmit = useCallback(() => {
    setConfirming(false);
    void submit();
  }, [submit]);
  const submitAgain = useCallback(() => void submit(), [submit]);

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

  const leaving = useBlocker(leavesTheExam);

  if (!question) return null;
  const attempt = exam.attempt!;
  const leave = leaveText(attempt.LeaveCount, attempt.LeaveLimit);

  return (
    <div className="exam-desk__sheet">
      <ConfigProvider theme={NO_MOTION}>
        <section className="exam-desk__main" aria-labelledby="exam-desk-title">
          <h2 className="exam-desk__heading" id="exam-desk-title">
            {paper.Title}
          </h2>
          <SheetNotices
            attempt={attempt}
            newLeave={Boolean(exam.newLeave)}
            practice={exam.practice}
            onDismissLeave={exam.dismissLeave}
          />
          <QuestionCard
            questions={questions}
            index={index}
            choices={draft.choices}
            flagged={draft.flagged}
            locked={locked}
            headingRef={headingRef}
            onChoose={exam.choose}
            onToggleFlag={exam.toggleFlag}
            onMove={move}
          />
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
            <AnswerGrid
              questions={questions}
              choices={draft.choices}
              flagged={draft.flagged}
              index={index}
              onGo={goTo}
            />
            <p className="exam-desk__legend">
              <span className="exam-desk__swatch exam-desk__swatch--answered" /> 已答
              <span className="exam-desk__swatch" /> 未答
              <span className="exam-desk__swatch exam-desk__swatch--flagged" /> 待检查
            </p>
            <LeaveLogDesktop attempt={attempt} />
            <SubmitArea
              answered={answered}
              total={questions.length}
              submitting={submitting}
              submitError={submitError}
              timeUp={timeUp}
              onAskToSubmit={askToSubmit}
              onSubmitAgain={submitAgain}
            />
          </Card>
        </aside>
      </ConfigProvider>

      <ConfirmSubmitModal
        open={confirming}
        answered={answered}
        total={questions.length}
        onCancel={keepAnswering}
        onConfirm={confirmSubmit}
      />
      <LeaveExamModal blocker={leaving} thresholdSeconds={attempt.LeaveThresholdSeconds} />
    </div>
  );
}
