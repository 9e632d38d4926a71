import {
  SCORE_REVIEW_STATUSES,
  SCORE_REVIEW_STATUS_TEXT,
  type ScoreReview,
} from '@portal/contracts';
import './score.css';

/** 已提交 → 复核中 → 已答复, the request's place marked for eyes and for screen readers. */
export function ReviewProgress({ review }: { review: ScoreReview }) {
  const at = SCORE_REVIEW_STATUSES.indexOf(review.Status);
  return (
    <ol className="review-progress" aria-label="复核进度">
      {SCORE_REVIEW_STATUSES.map((status, i) => (
        <li
          key={status}
          className={
            i < at
              ? 'review-progress__step review-progress__step--done'
              : i === at
                ? 'review-progress__step review-progress__step--current'
                : 'review-progress__step'
          }
          aria-current={i === at ? 'step' : undefined}
        >
          {SCORE_REVIEW_STATUS_TEXT[status]}
        </li>
      ))}
    </ol>
  );
}
