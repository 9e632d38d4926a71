import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { timeUsedText } from '../exam-text';
import { PRACTICE_ENDED, PRACTICE_ENDED_DETAIL } from '../practice-text';
import type { ExamAttemptState } from '../use-exam-attempt';

/** After a practice attempt: nothing scored, 再练一次 or back to the exam. */
export function PracticeResult({
  exam,
  back,
  onAgain,
}: {
  exam: ExamAttemptState;
  back: { to: string; label: string };
  onAgain: () => void;
}) {
  const { attempt } = exam;
  return (
    <div className="exam-page">
      <section className="m-section exam-result" role="status" aria-labelledby="exam-result-title">
        <span className="exam-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="exam-result__title" id="exam-result-title">
          {PRACTICE_ENDED}
        </h2>
        {attempt?.SubmittedAt ? (
          <p className="exam-result__hint">
            {attempt.SubmittedBy === 'deadline' ? '练习时间到，已自动结束。' : ''}用时{' '}
            {timeUsedText(attempt.StartedAt, attempt.SubmittedAt)}
          </p>
        ) : null}
        <p className="exam-result__hint">{PRACTICE_ENDED_DETAIL}</p>
      </section>
      <div className="exam-result__actions exam-practice-actions">
        <Button color="primary" onClick={onAgain}>
          再练一次
        </Button>
        <Link className="exam-link-button" to={back.to}>
          {back.label}
        </Link>
      </div>
    </div>
  );
}
