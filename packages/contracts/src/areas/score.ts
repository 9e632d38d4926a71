import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, timeSchema } from '../envelope.js';
import { lazySchema } from '../lazy-schema.js';

/** 复核's course: 已提交 → 复核中 → 已答复. */
export const SCORE_REVIEW_STATUSES = ['Submitted', 'Reviewing', 'Answered'] as const;
export type ScoreReviewStatus = (typeof SCORE_REVIEW_STATUSES)[number];
export const SCORE_REVIEW_STATUS_TEXT: Record<ScoreReviewStatus, string> = {
  Submitted: '已提交',
  Reviewing: '复核中',
  Answered: '已答复',
};
export const MAX_SCORE_REVIEW_REASON_LENGTH = 500;

export const scoreReviewSchema = lazySchema(() =>
  z.object({
    ReviewId: z.number().int(),
    Status: z.enum(SCORE_REVIEW_STATUSES),
    Reason: z.string(),
    SubmitTime: timeSchema,
    /** The published score the request was about. */
    ScoreBefore: z.number().int(),
    /** Set once answered: the score after the review, the same when it did not change. */
    ScoreAfter: z.number().int().nullable(),
    Answer: z.string().nullable(),
    AnswerTime: timeSchema.nullable(),
  }),
);
export type ScoreReview = z.infer<typeof scoreReviewSchema>;

/**
 * The candidate's own result in one project. Score, TotalScore, PassLine and Advances are null
 * until the organiser publishes (the server's clock decides); ExpectedTime says when, if known.
 */
export const scoreViewSchema = lazySchema(() =>
  z.object({
    ApplyId: z.number().int(),
    ProjectId: z.number().int(),
    ProjectTitle: z.string(),
    PositionName: z.string(),
    Published: z.boolean(),
    /** When results are expected, while unpublished and the organiser announced a time. */
    ExpectedTime: timeSchema.nullable(),
    PublishTime: timeSchema.nullable(),
    /** Null when published but this candidate has no score (did not sit the exam). */
    Score: z.number().int().nullable(),
    /** The paper's full marks, for an online exam. */
    TotalScore: z.number().int().nullable(),
    /** The line for the next stage, when the organiser gives one. */
    PassLine: z.number().int().nullable(),
    /** 是否进入下一环节: the score against the pass line; null without one. */
    Advances: z.boolean().nullable(),
    ReviewStartTime: timeSchema.nullable(),
    ReviewEndTime: timeSchema.nullable(),
    /** The server's word: a 复核 may be filed now. */
    CanRequestReview: z.boolean(),
    /** Why not, in the candidate's words, when a score is shown but no request can be filed. */
    ReviewClosedReason: z.string().nullable(),
    /** Newest first. */
    Reviews: z.array(scoreReviewSchema),
    ServerTime: timeSchema,
  }),
);
export type ScoreView = z.infer<typeof scoreViewSchema>;

/** Not listed in §7 (issue 30, point 18): the score query page. Another's ApplyId is a 404. */
export const getScore = defineEndpoint('ProjectScore/GetScore', {
  method: 'GET',
  client: 'exam-custom',
  request: () => z.object({ ApplyId: idSchema }),
  response: () => scoreViewSchema,
});

/** A 复核 request within the organiser's window; one open request per application. */
export const requestScoreReview = defineEndpoint('ProjectScore/RequestReview', {
  method: 'POST',
  client: 'exam-custom',
  request: () =>
    z.object({
      ApplyId: idSchema,
      Reason: z
        .string()
        .trim()
        .min(5, '请写明申请复核的理由，至少5个字')
        .max(MAX_SCORE_REVIEW_REASON_LENGTH, `复核理由最多${MAX_SCORE_REVIEW_REASON_LENGTH}个字`),
    }),
  response: () => scoreViewSchema,
});
