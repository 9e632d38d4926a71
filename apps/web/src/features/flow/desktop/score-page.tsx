import '../../../shared/ui/desktop/page.css';
import './score-desktop.css';
import { SCORE_REVIEW_STATUS_TEXT } from '@portal/contracts';
import { Alert, Button, Descriptions, Input, Result, Tag } from 'antd';
import { Controller } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { idParam } from '../../../shared/id';
import { LoadFailed, LoadingBlock } from '../../../shared/ui/desktop/query-states';
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
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';
import { useScoreReview } from '../use-score-review';

const REASON_ID = 'score-review-reason';
const REVIEW_COLOR = {
  Submitted: TAG_COLOR.info,
  Reviewing: TAG_COLOR.info,
  Answered: TAG_COLOR.ok,
} as const;

/** score on a PC: the published result beside its 复核 requests and the form to file one. */
export default function ScorePage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const { score, form, submit, busy, length, maxLength } = useScoreReview(applyId ?? 0);
  const problem = form.errorOf('Reason');

  if (!applyId)
    return (
      <Result
        status="warning"
        title="没有指定报名"
        extra={<Button onClick={() => void navigate(paths.myProject())}>去我的项目</Button>}
      />
    );
  if (score.isPending) return <LoadingBlock rows={6} label="正在查询成绩" />;
  if (score.isError)
    return (
      <LoadFailed
        title="成绩查询失败"
        description={score.error.message}
        onRetry={() => void score.refetch()}
      />
    );
  const view = score.data;
  const advances = advancesText(view);
  const window = reviewWindowText(view);

  return (
    <section className="d-page d-score" aria-labelledby="score-title">
      <h2 className="d-page__title" id="score-title">
        {view.ProjectTitle}
      </h2>
      <p className="d-score__meta">报考岗位：{view.PositionName}</p>
      {view.Published ? (
        <Descriptions
          bordered
          size="middle"
          column={1}
          items={[
            {
              label: '考试成绩',
              children: <span className="d-score__score">{scoreText(view)}</span>,
            },
            ...(advances
              ? [
                  {
                    label: '是否进入下一环节',
                    children: (
                      <Tag
                        color={view.Advances ? TAG_COLOR.ok : TAG_COLOR.bad}
                        className="d-score__tag"
                      >
                        {advances}
                      </Tag>
                    ),
                  },
                ]
              : []),
            { label: '公布时间', children: publishText(view) },
          ]}
        />
      ) : (
        <Alert type="info" showIcon role="status" title={unpublishedText(view)} />
      )}

      {view.Published && view.Score !== null ? (
        <section className="d-score__review" aria-labelledby="review-title">
          <h3 className="d-score__subtitle" id="review-title">
            成绩复核
          </h3>
          <p className="d-score__meta">
            {window ? `复核申请时间：${window}（北京时间）` : '本项目未开放成绩复核'}
          </p>
          {view.Reviews.length > 0 ? (
            <ul className="d-score__reviews" aria-label="我的复核申请">
              {view.Reviews.map((review) => (
                <li key={review.ReviewId} className="d-score__item">
                  <p className="d-score__item-head">
                    <Tag color={REVIEW_COLOR[review.Status]}>
                      {SCORE_REVIEW_STATUS_TEXT[review.Status]}
                    </Tag>
                    <span className="d-score__meta">{submittedText(review)}</span>
                  </p>
                  <ReviewProgress review={review} />
                  <p>复核理由：{review.Reason}</p>
                  {review.Status === 'Answered' ? (
                    <Alert
                      type="success"
                      title={`复核结果：${reviewOutcomeText(review)}`}
                      description={
                        <>
                          <p className="d-score__answer">答复：{review.Answer}</p>
                          <p className="d-score__meta">{answeredText(review)}</p>
                        </>
                      }
                    />
                  ) : (
                    <p className="d-score__meta">主办单位答复后会显示在这里，并通知您。</p>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {view.CanRequestReview ? (
            <form
              className="d-score__form"
              noValidate
              aria-labelledby="review-form-title"
              onSubmit={(event) => void submit(event)}
            >
              <h4 className="d-score__form-title" id="review-form-title">
                申请复核
              </h4>
              <label htmlFor={REASON_ID} className="d-score__label">
                复核理由
              </label>
              <Controller
                name="Reason"
                control={form.control}
                render={({ field }) => (
                  <Input.TextArea
                    {...field}
                    id={REASON_ID}
                    rows={4}
                    status={problem ? 'error' : undefined}
                    aria-invalid={Boolean(problem)}
                    aria-describedby={`${REASON_ID}-hint`}
                  />
                )}
              />
              <p
                id={`${REASON_ID}-hint`}
                className={problem ? 'd-score__error' : 'd-score__meta'}
                role={problem ? 'alert' : undefined}
              >
                {problem ??
                  `请写明对哪一部分成绩有异议及理由，5–${maxLength}个字（已输入 ${length} 字）；每次只能有一份复核在办理中。`}
              </p>
              <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
                提交复核申请
              </Button>
            </form>
          ) : view.ReviewClosedReason ? (
            <Alert type="warning" showIcon role="note" title={view.ReviewClosedReason} />
          ) : null}
        </section>
      ) : null}
      <div className="d-page__actions">
        <Button onClick={() => void navigate(paths.flowManage({ ProjectId: view.ProjectId }))}>
          返回项目
        </Button>
      </div>
    </section>
  );
}
