import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  boundedString,
  idSchema,
  MAX_EMAIL_LENGTH,
  MAX_REVISION,
  MAX_TOKEN_LENGTH,
  timeSchema,
} from '../envelope.js';
import { isEmail } from '../form.js';
import { lazySchema } from '../lazy-schema.js';
import { mobileSchema } from './user.js';

export const EXAM_QUESTION_TYPES = ['single', 'multiple', 'judge', 'blank'] as const;
export type ExamQuestionType = (typeof EXAM_QUESTION_TYPES)[number];
/** How a multiple choice with only some of the right options scores. */
export const MULTIPLE_SCORING = ['AllOrNothing', 'PartialHalf'] as const;
export type MultipleScoring = (typeof MULTIPLE_SCORING)[number];
/** Who ended the attempt: the candidate, the clock, or leaving the page too often. */
export const SUBMITTED_BY = ['candidate', 'deadline', 'leaveLimit'] as const;
/** What the exam page reports: it went out of view (hidden or unfocused), or it is back. */
export const LEAVE_EVENTS = ['Hidden', 'Back'] as const;
export type LeaveEvent = (typeof LEAVE_EVENTS)[number];
/** A paper that sets no threshold counts an absence longer than this many seconds. */
export const DEFAULT_LEAVE_THRESHOLD_SECONDS = 5;

/** A question as the candidate sees it: options in this attempt's order, no answer. */
export const examQuestionSchema = lazySchema(() =>
  z.object({
    QuestionId: z.number().int(),
    Type: z.enum(EXAM_QUESTION_TYPES),
    Content: z.string(),
    /** Empty for a fill-in-the-blank question. */
    Options: z.array(z.object({ Key: z.string(), Text: z.string() })),
    /** 0 on the practice paper. */
    Score: z.number().int().nonnegative(),
  }),
);
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

/** Choice questions: the chosen option keys; fill-in-the-blank: the text written, one item. */
export const examAnswerSchema = lazySchema(() =>
  z.object({
    QuestionId: idSchema,
    Choices: z.array(z.string().max(200)).max(26),
  }),
);
export type ExamAnswer = z.infer<typeof examAnswerSchema>;

const revisionSchema = lazySchema(() => z.number().int().positive().max(MAX_REVISION));

/**
 * One absence from the exam page, timed by the server's clock from the page's Hidden report to
 * its Back report. Counted when it lasted longer than the paper's threshold.
 */
export const examLeaveSchema = lazySchema(() =>
  z.object({
    HiddenAt: timeSchema,
    BackAt: timeSchema,
    Seconds: z.number().int().nonnegative(),
    Counted: z.boolean(),
  }),
);
export type ExamLeave = z.infer<typeof examLeaveSchema>;

/** The candidate's attempt, kept by the server: any device resumes it. */
export const examAttemptSchema = lazySchema(() =>
  z.object({
    StartedAt: timeSchema,
    /** The earlier of start + the allowed time (duration plus any extra time) and the window's end. */
    Deadline: timeSchema,
    /** The server's clock when it answered: the countdown runs on it, never on the device's. */
    ServerTime: timeSchema,
    /** The revision of the saved answers; a save with a lower or equal one changes nothing. */
    Revision: z.number().int().nonnegative(),
    Answers: z.array(examAnswerSchema),
    /** Questions the candidate flagged for review. */
    Flagged: z.array(z.number().int()),
    /** Counted absences only. */
    LeaveCount: z.number().int().nonnegative(),
    LeaveLimit: z.number().int().nonnegative().nullable(),
    LeaveThresholdSeconds: z.number().int().positive(),
    /** Every absence the page reported and came back from, oldest first. */
    Leaves: z.array(examLeaveSchema),
    SubmittedAt: timeSchema.nullable(),
    SubmittedBy: z.enum(SUBMITTED_BY).nullable(),
    Score: z.number().nullable(),
  }),
);
export type ExamAttempt = z.infer<typeof examAttemptSchema>;

/** What the paper is, and the candidate's attempt if one was started; no questions. */
export const examSummarySchema = lazySchema(() =>
  z.object({
    ExamId: z.number().int(),
    ApplyId: z.number().int(),
    Title: z.string(),
    DurationSeconds: z.number().int().positive(),
    /** Extra time the organiser approved for this candidate (合理便利), in percent; 0 for none. */
    ExtraTimePercent: z.number().int().nonnegative(),
    /** This candidate's time: DurationSeconds plus the extra time. */
    AllowedSeconds: z.number().int().positive(),
    StartTime: timeSchema.nullable(),
    EndTime: timeSchema.nullable(),
    /** 0 on the practice paper, which scores nothing. */
    TotalScore: z.number().int().nonnegative(),
    QuestionCount: z.number().int().nonnegative(),
    MultipleScoring: z.enum(MULTIPLE_SCORING),
    LeaveLimit: z.number().int().nonnegative().nullable(),
    /** An absence from the page counts only when it lasts longer than this. */
    LeaveThresholdSeconds: z.number().int().positive(),
    ServerTime: timeSchema,
    Attempt: examAttemptSchema.nullable(),
    /** Once submitted the answers are final and the score is shown. */
    Submitted: z.boolean(),
    Score: z.number().nullable(),
  }),
);
export type ExamSummary = z.infer<typeof examSummarySchema>;

/** After submission, per question, when the paper shows correctness. */
export const examReviewSchema = lazySchema(() =>
  z.object({
    QuestionId: z.number().int(),
    Correct: z.boolean(),
    Earned: z.number(),
  }),
);

export const examAttemptPaperSchema = lazySchema(() =>
  z.object({
    Title: z.string(),
    /** 0 on the practice paper, which scores nothing. */
    TotalScore: z.number().int().nonnegative(),
    MultipleScoring: z.enum(MULTIPLE_SCORING),
    Questions: z.array(examQuestionSchema),
    Attempt: examAttemptSchema,
    /** Null until submitted, and when the paper does not show correctness. */
    Review: z.array(examReviewSchema).nullable(),
  }),
);
export type ExamAttemptPaper = z.infer<typeof examAttemptPaperSchema>;

const applyRequest = lazySchema(() => z.object({ ApplyId: idSchema }));

/** Not listed in §7; the exam screen needs the paper's facts (ARCHITECTURE: add in the same style). */
export const getExamine = defineEndpoint('ProjectOnLineExamine/GetExamine', {
  method: 'GET',
  client: 'exam-custom',
  request: () => applyRequest,
  response: () => examSummarySchema,
});

/** Starts the attempt with the server's time; starting again resumes the same attempt. */
export const startAttempt = defineEndpoint('ProjectOnLineExamine/StartAttempt', {
  method: 'POST',
  client: 'exam-custom',
  request: () => applyRequest,
  response: () => examAttemptSchema,
});

/** The questions, only for a started attempt, in its order, with what was saved. */
export const getAttemptPaper = defineEndpoint('ProjectOnLineExamine/GetAttemptPaper', {
  method: 'GET',
  client: 'exam-custom',
  request: () => applyRequest,
  response: () => examAttemptPaperSchema,
});

/** Autosave: every answer so far, under a revision the client raises with each change. */
export const saveAnswers = defineEndpoint('ProjectOnLineExamine/SaveAnswers', {
  method: 'POST',
  client: 'exam-custom',
  request: () =>
    z.object({
      ApplyId: idSchema,
      Revision: revisionSchema,
      Answers: z.array(examAnswerSchema).max(500),
      Flagged: z.array(idSchema).max(500).default([]),
    }),
  response: () => examAttemptSchema,
});

/**
 * The page went out of view (Hidden) or came back (Back). The server stamps both with its own
 * clock and judges the absence: longer than the paper's threshold, it is counted.
 */
export const reportLeave = defineEndpoint('ProjectOnLineExamine/ReportLeave', {
  method: 'POST',
  client: 'exam-custom',
  request: () => z.object({ ApplyId: idSchema, Event: z.enum(LEAVE_EVENTS) }),
  response: () => examAttemptSchema,
});

/**
 * §7's call: submits the started attempt. Answers, when sent, are a last save (under Revision);
 * without them the saved answers are scored. Repeats answer the same result.
 */
export const submitAnswer = defineEndpoint('ProjectOnLineExamine/SubmitAnswer', {
  method: 'POST',
  client: 'exam-custom',
  request: () =>
    z.object({
      ApplyId: idSchema,
      Revision: revisionSchema.optional(),
      Answers: z.array(examAnswerSchema).max(500).optional(),
      Flagged: z.array(idSchema).max(500).optional(),
    }),
  response: () =>
    z.object({
      Score: z.number(),
      TotalScore: z.number().int(),
      Attempt: examAttemptSchema,
    }),
});

/*
 * The practice attempt (issue 30, point 19): a short sample paper answered on the same screen and
 * by the same rules (server start time, autosave with revisions, server deadline, one submission),
 * never scored, never the real attempt, and as many times as the candidate wants while the real
 * exam has not been started and its window has not closed.
 */

/** The practice paper's facts and the open practice attempt, if any (Score is always null). */
export const getPractice = defineEndpoint('ProjectOnLineExamine/GetPractice', {
  method: 'GET',
  client: 'exam-custom',
  request: () => applyRequest,
  response: () => examSummarySchema,
});

/** Starts a new practice attempt (an open one is resumed). */
export const startPractice = defineEndpoint('ProjectOnLineExamine/StartPractice', {
  method: 'POST',
  client: 'exam-custom',
  request: () => applyRequest,
  response: () => examAttemptSchema,
});

/** The open practice attempt's questions, in its order. */
export const getPracticePaper = defineEndpoint('ProjectOnLineExamine/GetPracticePaper', {
  method: 'GET',
  client: 'exam-custom',
  request: () => applyRequest,
  response: () => examAttemptPaperSchema,
});

/** The practice attempt's autosave, as SaveAnswers. */
export const savePractice = defineEndpoint('ProjectOnLineExamine/SavePractice', {
  method: 'POST',
  client: 'exam-custom',
  request: () =>
    z.object({
      ApplyId: idSchema,
      Revision: revisionSchema,
      Answers: z.array(examAnswerSchema).max(500),
      Flagged: z.array(idSchema).max(500).default([]),
    }),
  response: () => examAttemptSchema,
});

/** Ends the practice attempt: nothing is scored or recorded in the application. */
export const submitPractice = defineEndpoint('ProjectOnLineExamine/SubmitPractice', {
  method: 'POST',
  client: 'exam-custom',
  request: () =>
    z.object({
      ApplyId: idSchema,
      Revision: revisionSchema.optional(),
      Answers: z.array(examAnswerSchema).max(500).optional(),
      Flagged: z.array(idSchema).max(500).optional(),
    }),
  response: () => z.object({ Attempt: examAttemptSchema }),
});

const EMAIL_MESSAGE = '邮箱格式不正确，例如 name@example.com';

export const cooperateApply = defineEndpoint('Temporary/CooperateApply', {
  method: 'POST',
  client: 'exam-custom',
  auth: 'optional',
  request: () =>
    z.object({
      CompanyName: z.string().trim().min(2, '请填写单位名称').max(100),
      ContactName: z.string().trim().min(1, '请填写联系人').max(30),
      Mobile: mobileSchema,
      Email: boundedString(MAX_EMAIL_LENGTH, EMAIL_MESSAGE)
        .trim()
        .refine((email) => email === '' || isEmail(email), EMAIL_MESSAGE)
        .optional(),
      Remark: z.string().trim().max(500, '需求说明最多500个字').optional(),
      /** Set when the request is to buy an equity package of Enterprise/GetEquityBuy. */
      EquityId: idSchema.optional(),
      /** Anyone may send it, so a passed human check comes with it (as for an SMS). */
      CaptchaToken: boundedString(MAX_TOKEN_LENGTH, '请先完成安全验证').min(1, '请先完成安全验证'),
    }),
  response: () => z.object({ CooperateId: z.number().int() }),
});
