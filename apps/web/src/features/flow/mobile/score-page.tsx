import { SCORE_REVIEW_STATUS_TEXT, type ScoreView } from '@portal/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { ReviewProgress } from '../components/review-progress';
import {
  advancesText,
  answeredText,
  publishText,
  reviewOutcomeText,
  reviewWindowText,
  scoreText,
  submittedText,
  unpublishedText,
} from '../score-text';
import { useScoreReview } from '../use-score-review';
import './score.css';
import { SubmitButton } from '../../../shared/ui/mobile/submit-button';

const REASON_ID = 'score-review-reason';
/** The tag colours of the application states that read alike: in progress, done. */
const REVIEW_TAG = {
  Submitted: 'Submitted',
  Reviewing: 'UnderReview',
  Answered: 'Approved',
} as const;

/** score?ApplyId=: the published result, and 复核 within the organiser's window. */
export default function ScorePage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const { score, form, submit, busy, length, maxLength } = useScoreReview(applyId ?? 0);
  const problem = form.errorOf('Reason');

  if (!applyId) {
    return (
      <LoadFailed
        title="没有指定报名"
        description="请从我的项目进入成绩查询"
        actionText="去我的项目"
        onRetry={() => void navigate(paths.myProject())}
      />
    );
  }
  if (score.isPending) return <LoadingSkeleton rows={3} label="正在查询成绩" />;
  if (score.isError) {
    return (
      <LoadFailed
        title="成绩查询失败"
        description={score.error.message}
        onRetry={() => void score.refetch()}
      />
    );
  }
  const view: ScoreView = score.data;
  const advances = advancesText(view);
  const window = reviewWindowText(view);

  return (
    <div className="score-page">
      <section className="m-section" aria-labelledby="score-title">
        <h2 className="m-section__title" id="score-title">
          {view.ProjectTitle}
        </h2>
        <p className="score-page__meta">报考岗位：{view.PositionName}</p>
        {view.Published ? (
          <dl className="score-page__facts">
            <dt>考试成绩</dt>
            <dd className="score-page__score">{scoreText(view)}</dd>
            {advances ? (
              <>
                <dt>是否进入下一环节</dt>
                <dd className={view.Advances ? 'score-page__pass' : 'score-page__fail'}>
                  {advances}
                </dd>
              </>
            ) : null}
            <dt>公布时间</dt>
            <dd>{publishText(view)}</dd>
          </dl>
        ) : (
          <p className="score-page__pending" role="status">
            {unpublishedText(view)}
          </p>
        )}
      </section>

      {view.Published && view.Score !== null ? (
        <section className="m-section" aria-labelledby="review-title">
          <h2 className="m-section__title" id="review-title">
            成绩复核
          </h2>
          <p className="score-page__meta">
            {window ? `复核申请时间：${window}（北京时间）` : '本项目未开放成绩复核'}
          </p>
          {view.Reviews.length > 0 ? (
            <ul className="score-reviews" aria-label="我的复核申请">
              {view.Reviews.map((review) => (
                <li key={review.ReviewId} className="score-review">
                  <p className="score-review__head">
                    <span className={`state-tag state-tag--${REVIEW_TAG[review.Status]}`}>
                      {SCORE_REVIEW_STATUS_TEXT[review.Status]}
                    </span>
                    <span className="score-page__meta">{submittedText(review)}</span>
                  </p>
                  <ReviewProgress review={review} />
                  <p className="score-review__reason">复核理由：{review.Reason}</p>
                  {review.Status === 'Answered' ? (
                    <div className="score-review__answer">
                      <p>
                        <strong>复核结果：{reviewOutcomeText(review)}</strong>
                      </p>
                      <p>答复：{review.Answer}</p>
                      <p className="score-page__meta">{answeredText(review)}</p>
                    </div>
                  ) : (
                    <p className="score-page__meta">主办单位答复后会显示在这里，并通知您。</p>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {view.CanRequestReview ? (
            <form
              className="score-review-form"
              noValidate
              aria-labelledby="review-form-title"
              onSubmit={(event) => void submit(event)}
            >
              <h3 className="score-review-form__title" id="review-form-title">
                申请复核
              </h3>
              <label className="score-review-form__label" htmlFor={REASON_ID}>
                复核理由
              </label>
              <p className="score-page__meta" id={`${REASON_ID}-rule`}>
                请写明对哪一部分成绩有异议及理由，5–{maxLength}个字；每次只能有一份复核在办理中。
              </p>
              <textarea
                id={REASON_ID}
                className="score-review-form__input"
                rows={4}
                {...form.register('Reason')}
                aria-invalid={problem ? true : undefined}
                aria-describedby={
                  problem ? `${REASON_ID}-rule ${REASON_ID}-error` : `${REASON_ID}-rule`
                }
              />
              <p className="score-review-form__count">
                {length}/{maxLength}
              </p>
              {problem ? (
                <p className="field-error" id={`${REASON_ID}-error`} role="alert">
                  {problem}
                </p>
              ) : null}
              <SubmitButton busy={busy}>提交复核申请</SubmitButton>
            </form>
          ) : view.ReviewClosedReason ? (
            <p className="score-page__closed" role="note">
              {view.ReviewClosedReason}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
