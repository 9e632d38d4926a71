import type { ScoreReview, ScoreView } from '@portal/contracts';
import { formatDate } from '../../shared/date';

const minute = (time: string) => formatDate(time, 'YYYY-MM-DD HH:mm');

/** Before publication: when results are expected, if the organiser said. */
export function unpublishedText(view: ScoreView): string {
  return view.ExpectedTime
    ? `成绩预计于 ${minute(view.ExpectedTime)} 公布，届时可在此查询。`
    : '成绩尚未公布，公布时间请留意项目公告。';
}

/** 「90 分」, with the full marks when the paper has them. */
export function scoreText(view: ScoreView): string {
  if (view.Score === null) return '无成绩';
  return view.TotalScore === null
    ? `${view.Score} 分`
    : `${view.Score} 分（满分 ${view.TotalScore} 分）`;
}

/** 是否进入下一环节, against the organiser's line; null when they gave none. */
export function advancesText(view: ScoreView): string | null {
  if (view.Advances === null || view.PassLine === null) return null;
  return view.Advances
    ? `达到合格线（${view.PassLine} 分），进入下一环节`
    : `未达到合格线（${view.PassLine} 分），未进入下一环节`;
}

export function reviewWindowText(view: ScoreView): string | null {
  if (!view.ReviewStartTime || !view.ReviewEndTime) return null;
  return `${minute(view.ReviewStartTime)} 至 ${minute(view.ReviewEndTime)}`;
}

/** The answer's outcome: the score kept or corrected. */
export function reviewOutcomeText(review: ScoreReview): string | null {
  if (review.ScoreAfter === null) return null;
  return review.ScoreAfter === review.ScoreBefore
    ? `成绩不变（${review.ScoreAfter} 分）`
    : `成绩由 ${review.ScoreBefore} 分更正为 ${review.ScoreAfter} 分`;
}

export const submittedText = (review: ScoreReview) => `提交于 ${minute(review.SubmitTime)}`;
export const answeredText = (review: ScoreReview) =>
  review.AnswerTime ? `答复于 ${minute(review.AnswerTime)}` : null;
export const publishText = (view: ScoreView) =>
  view.PublishTime ? `公布于 ${minute(view.PublishTime)}` : null;
