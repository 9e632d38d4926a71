import { Link } from 'react-router';
import { SubmittedReceipt } from '../../flow';
import { ENDED_BY_TEXT, reviewMark, timeUsedText } from '../exam-text';
import type { ExamAttemptState } from '../use-exam-attempt';

/** After submission: the score, the time used and, as the paper allows, what was right. */
export function ExamResult({
  exam,
  back,
}: {
  exam: ExamAttemptState;
  back: { to: string; label: string };
}) {
  const { summary, paper, attempt } = exam;
  const score = attempt?.Score ?? summary?.Score ?? null;
  const review = paper?.Review ?? null;
  const answeredIds = new Set(attempt?.Answers.map((a) => a.QuestionId));
  return (
    <div className="exam-page">
      <section className="m-section exam-result" role="status" aria-labelledby="exam-result-title">
        <span className="exam-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="exam-result__title" id="exam-result-title">
          {ENDED_BY_TEXT[attempt?.SubmittedBy ?? 'candidate']}
        </h2>
        <p className="exam-result__paper">{summary?.Title}</p>
        {score === null ? (
          <p className="exam-result__score">成绩待公布</p>
        ) : (
          <p className="exam-result__score">
            <span className="visually-hidden">得分</span>
            <strong>{score}</strong>
            <span className="exam-result__total">/ {summary?.TotalScore}分</span>
          </p>
        )}
        {attempt?.SubmittedAt ? (
          <p className="exam-result__hint">
            用时 {timeUsedText(attempt.StartedAt, attempt.SubmittedAt)}
          </p>
        ) : null}
        <p className="exam-result__hint">答卷只能提交一次，成绩已记入报名流程。</p>
      </section>
      {summary && attempt?.SubmittedAt ? (
        <div className="m-section">
          <SubmittedReceipt applyId={summary.ApplyId} kind="Exam" />
        </div>
      ) : null}
      {review && paper ? (
        <section aria-labelledby="exam-review-title">
          <h2 className="m-section__title exam-sheet__title" id="exam-review-title">
            答题情况
          </h2>
          <ol className="exam-review">
            {paper.Questions.map((q, i) => {
              const item = review.find((r) => r.QuestionId === q.QuestionId);
              const mark = reviewMark(item, answeredIds.has(q.QuestionId));
              return (
                <li key={q.QuestionId}>
                  第{i + 1}题 <span className={`exam-review__mark--${mark.tone}`}>{mark.text}</span>{' '}
                  得 {item?.Earned ?? 0}/{q.Score} 分 · {q.Content}
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      <div className="exam-result__actions">
        <Link className="exam-link-button" to={back.to}>
          {back.label}
        </Link>
      </div>
    </div>
  );
}
