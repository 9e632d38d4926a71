import type { ExamPaper } from '@portal/contracts';
import { Link } from 'react-router';

/** After submission: the score, and no way to answer again. */
export function ExamResult({
  paper,
  back,
}: {
  paper: ExamPaper;
  back: { to: string; label: string };
}) {
  return (
    <div className="exam-page">
      <section className="m-section exam-result" role="status" aria-labelledby="exam-result-title">
        <span className="exam-result__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="exam-result__title" id="exam-result-title">
          答卷已提交
        </h2>
        <p className="exam-result__paper">{paper.Title}</p>
        {paper.Score === null ? (
          <p className="exam-result__score">成绩待公布</p>
        ) : (
          <p className="exam-result__score">
            <span className="visually-hidden">得分</span>
            <strong>{paper.Score}</strong>
            <span className="exam-result__total">/ {paper.TotalScore}分</span>
          </p>
        )}
        <p className="exam-result__hint">答卷只能提交一次，成绩已记入报名流程。</p>
      </section>
      <div className="exam-result__actions">
        <Link className="exam-link-button" to={back.to}>
          {back.label}
        </Link>
      </div>
    </div>
  );
}
