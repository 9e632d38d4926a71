import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, timeSchema } from '../envelope.js';
import { MOBILE_PATTERN, EMAIL_PATTERN } from '../form.js';

export const examQuestionSchema = z.object({
  QuestionId: z.number().int(),
  Type: z.enum(['single', 'multiple', 'judge']),
  Content: z.string(),
  Options: z.array(z.object({ Key: z.string(), Text: z.string() })),
  Score: z.number().int().positive(),
});
export type ExamQuestion = z.infer<typeof examQuestionSchema>;

export const examPaperSchema = z.object({
  ExamId: z.number().int(),
  ApplyId: z.number().int(),
  Title: z.string(),
  DurationSeconds: z.number().int().positive(),
  StartTime: timeSchema.nullable(),
  EndTime: timeSchema.nullable(),
  TotalScore: z.number().int().positive(),
  Questions: z.array(examQuestionSchema),
  /** Once submitted the answers are final and the score is shown. */
  Submitted: z.boolean(),
  Score: z.number().nullable(),
});
export type ExamPaper = z.infer<typeof examPaperSchema>;

/** Not listed in §7; the exam screen needs its questions (ARCHITECTURE: add in the same style). */
export const getExamine = defineEndpoint('ProjectOnLineExamine/GetExamine', {
  method: 'GET',
  client: 'exam-custom',
  request: z.object({ ApplyId: idSchema }),
  response: examPaperSchema,
});

export const submitAnswer = defineEndpoint('ProjectOnLineExamine/SubmitAnswer', {
  method: 'POST',
  client: 'exam-custom',
  request: z.object({
    ApplyId: idSchema,
    Answers: z.array(z.object({ QuestionId: idSchema, Choices: z.array(z.string()) })),
  }),
  response: z.object({ Score: z.number(), TotalScore: z.number().int() }),
});

export const cooperateApply = defineEndpoint('Temporary/CooperateApply', {
  method: 'POST',
  client: 'exam-custom',
  auth: 'optional',
  request: z.object({
    CompanyName: z.string().trim().min(2, '请填写单位名称').max(100),
    ContactName: z.string().trim().min(1, '请填写联系人').max(30),
    Mobile: z.string().trim().regex(MOBILE_PATTERN, '请填写正确的11位手机号码'),
    Email: z
      .string()
      .trim()
      .regex(EMAIL_PATTERN, '邮箱格式不正确，例如 name@example.com')
      .optional()
      .or(z.literal('')),
    Remark: z.string().trim().max(500, '需求说明最多500个字').optional(),
    /** Set when the request is to buy an equity package of Enterprise/GetEquityBuy. */
    EquityId: idSchema.optional(),
  }),
  response: z.object({ CooperateId: z.number().int() }),
});
