import type { ExamPaper } from '@portal/contracts';
import { Button, Dialog } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../platform';
import { formatDuration } from '../../../shared/date';
import { useSubmitAnswer } from '../api/submit-answer';
import { answersOf, examDeadline, readExamDraft, type ExamDraft } from '../exam-draft';
import { useNow } from '../use-now';
import { ExamNavigator } from './exam-navigator';
import { QuestionField } from './question-field';

const NAVIGATOR_ID = 'exam-navigator';

/** Said once when the time left crosses a threshold (the timer itself is not live: too chatty). */
function timeWarning(secondsLeft: number): string {
  if (secondsLeft <= 60) return '考试剩余时间不足1分钟，时间到将自动交卷';
  if (secondsLeft <= 300) return '考试剩余时间不足5分钟';
  return '';
}

/**
 * Answering. All questions in one scrolling list (not one per screen): on a cheap phone a list
 * needs no extra taps or renders per question, the candidate can review by scrolling, and the
 * 答题卡 jumps to any question. The countdown runs from the start kept on this phone.
 *
 * One submission: `sending` is set at the first tap before any re-render, so a double tap, the
 * confirmation and the time-up auto-submit together send one request; a failure (network, 5xx)
 * keeps every answer and lets the candidate try again; a 409 reads the paper again and, when it
 * was already submitted, the page shows the result.
 */
export function ExamSheet({
  paper,
  draft,
  onChoose,
  onSubmitted,
  refetchPaper,
}: {
  paper: ExamPaper;
  draft: ExamDraft;
  onChoose: (questionId: number, keys: string[]) => void;
  onSubmitted: () => void;
  refetchPaper: () => Promise<{ data?: ExamPaper }>;
}) {
  const submit = useSubmitAnswer(paper.ApplyId);
  const sending = useRef(false);
  const confirming = useRef(false);
  const autoSubmitted = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [navigatorOpen, setNavigatorOpen] = useState(false);

  const now = useNow();
  const secondsLeft = Math.max(0, Math.ceil((examDeadline(paper, draft.startedAt) - now) / 1000));
  const timeUp = secondsLeft <= 0;
  const total = paper.Questions.length;
  const answered = paper.Questions.filter(
    (q) => (draft.choices[q.QuestionId]?.length ?? 0) > 0,
  ).length;

  const send = async () => {
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    try {
      // What is stored is what was chosen, even if a tap landed after the last render.
      const choices = readExamDraft(paper.ApplyId)?.choices ?? draft.choices;
      await submit.mutateAsync(answersOf(paper, choices));
      onSubmitted();
      return;
    } catch (error) {
      let message = error instanceof Error ? error.message : String(error);
      if (error instanceof HttpError && error.status === 409) {
        const fresh = await refetchPaper().catch(() => ({ data: undefined }));
        if (fresh.data?.Submitted) return onSubmitted();
      } else if (error instanceof HttpError && error.code === 'network') {
        message = '网络连接失败';
      }
      setFailure(message);
      sending.current = false;
    }
  };

  const confirmAndSend = async () => {
    if (sending.current || confirming.current) return;
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
    if (ok) void send();
  };

  // Time up: the answers go once, whatever else is open.
  useEffect(() => {
    if (!timeUp || autoSubmitted.current) return;
    autoSubmitted.current = true;
    Dialog.clear();
    void send();
    // `send` reads refs and the stored draft; running once when the time is up is the rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeUp]);

  const goTo = (questionId: number) => {
    setNavigatorOpen(false);
    const target = document.getElementById(`question-${questionId}`);
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  };

  const busy = submit.isPending;
  const locked = busy || timeUp;

  return (
    <div className="exam-page">
      <div className="exam-bar">
        <div className="exam-bar__row">
          <p
            className={
              secondsLeft <= 300 ? 'exam-bar__timer exam-bar__timer--low' : 'exam-bar__timer'
            }
            role="timer"
          >
            <span className="exam-bar__label">剩余时间</span>{' '}
            <time dateTime={`PT${secondsLeft}S`}>{formatDuration(secondsLeft)}</time>
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
        {navigatorOpen ? (
          <ExamNavigator
            id={NAVIGATOR_ID}
            questions={paper.Questions}
            choices={draft.choices}
            onGo={goTo}
          />
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {timeWarning(secondsLeft)}
        </p>
      </div>

      <h2 className="exam-sheet__title">{paper.Title}</h2>
      <form className="exam-sheet" aria-label="答卷" onSubmit={(e) => e.preventDefault()}>
        {paper.Questions.map((question, index) => (
          <QuestionField
            key={question.QuestionId}
            question={question}
            index={index}
            chosen={draft.choices[question.QuestionId] ?? []}
            disabled={locked}
            onChange={(keys) => onChoose(question.QuestionId, keys)}
          />
        ))}
      </form>

      <div className={failure || timeUp ? 'exam-bottom-spacer--tall' : 'm-bottom-spacer'} />
      <div className="m-bottom-bar exam-submit-bar">
        {failure ? (
          <div className="exam-submit-bar__failure" role="alert">
            交卷未成功：{failure.replace(/[。.，,]$/, '')}
            。你的答案仍保存在本机，请检查网络后重新提交。
          </div>
        ) : timeUp && busy ? (
          <p className="exam-submit-bar__note" role="status">
            考试时间到，正在自动交卷…
          </p>
        ) : null}
        {failure ? (
          <Button color="primary" loading={busy} disabled={busy} onClick={() => void send()}>
            重新提交
          </Button>
        ) : (
          <Button
            color="primary"
            loading={busy}
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
