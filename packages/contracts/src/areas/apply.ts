import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, timeSchema } from '../envelope.js';
import {
  formFieldSchema,
  formValuesSchema,
  guardianConsentSchema,
  sensitiveConsentSchema,
} from '../form.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * draft → submitted → under review → returned | rejected | approved → paid → ticket issued → finished;
 * withdrawn by the candidate before review ends or before payment, and submitted again from there.
 */
export const APPLY_STATUSES = [
  'Draft',
  'Submitted',
  'UnderReview',
  'Returned',
  'Rejected',
  'Approved',
  'Paid',
  'TicketIssued',
  'Finished',
  'Withdrawn',
] as const;
export const applyStatusSchema = lazySchema(() => z.enum(APPLY_STATUSES));
export type ApplyStatus = z.infer<typeof applyStatusSchema>;
export const APPLY_STATUS_TEXT: Record<ApplyStatus, string> = {
  Draft: '草稿',
  Submitted: '已提交',
  UnderReview: '审核中',
  Returned: '退回修改',
  Rejected: '审核未通过',
  Approved: '审核通过',
  Paid: '已缴费',
  TicketIssued: '已出准考证',
  Finished: '已完成',
  Withdrawn: '已撤回',
};
/** ModifyApply is allowed only here. */
export const MODIFIABLE_APPLY_STATUSES: readonly ApplyStatus[] = ['Draft', 'Returned'];

export const applySummarySchema = lazySchema(() =>
  z.object({
    ApplyId: z.number().int(),
    ProjectId: z.number().int(),
    ProjectTitle: z.string(),
    PositionId: z.number().int(),
    PositionName: z.string(),
    Status: applyStatusSchema,
    /** The reviewer's reason when returned or rejected. */
    ReviewRemark: z.string().nullable(),
    SubmitTime: timeSchema.nullable(),
    UpdateTime: timeSchema,
    FeeInFen: z.number().int().min(0),
    OrderId: z.number().int().nullable(),
    HasOnlineExam: z.boolean(),
    ExamScore: z.number().nullable(),
    /** The admission ticket can be opened (again): printable and its exam not over yet. */
    TicketPrintable: z.boolean(),
    /** The server's word: WithdrawApply would be accepted now (not once paid: that is a refund first). */
    CanWithdraw: z.boolean(),
    /**
     * The server's word: ChangePosition (改报) would be accepted now — the project allows it, its
     * apply window is open, the review has not decided or it approved and nothing is paid, and the
     * project has another position.
     */
    CanChangePosition: z.boolean(),
  }),
);
export type ApplySummary = z.infer<typeof applySummarySchema>;

/** Applications whose online exam is worth asking about (the workbench's): paid, ticket or not. */
export const examCandidates = (applies: readonly ApplySummary[]) =>
  applies.filter((a) => a.HasOnlineExam && (a.Status === 'Paid' || a.Status === 'TicketIssued'));

export const formSchema = lazySchema(() =>
  z.object({
    FormId: z.number().int(),
    ProjectId: z.number().int(),
    Title: z.string(),
    Fields: z.array(formFieldSchema),
  }),
);
export type Form = z.infer<typeof formSchema>;

/**
 * The form as last typed on any of the candidate's devices (not shown in the spec): kept by the
 * server until the application is sent. Revision counts its saves, so a device can tell whether
 * another one saved since it last did.
 */
export const applyDraftSchema = lazySchema(() =>
  z.object({
    PositionId: z.number().int().nullable(),
    Values: formValuesSchema,
    Revision: z.number().int(),
    UpdateTime: timeSchema,
  }),
);
export type ApplyDraft = z.infer<typeof applyDraftSchema>;

export const formWithApplySchema = lazySchema(() =>
  z.object({
    Form: formSchema,
    /** The candidate's application for this project, when there is one. */
    Apply: applySummarySchema.nullable(),
    /** What that application holds, for ModifyApply. */
    Values: formValuesSchema.nullable(),
    /** What the separate consent for the form's sensitive fields says; null without any. */
    SensitiveConsent: sensitiveConsentSchema.nullable(),
    /** This application's guardian consent is on record (a child under 14; not shown in the spec). */
    GuardianGiven: z.boolean(),
    /** The server's Beijing calendar date, against which a child's age is counted. */
    Today: z.string(),
    /** The draft typed on any device, files with fresh addresses; null when there is none. */
    Draft: applyDraftSchema.nullable(),
  }),
);
export type FormWithApply = z.infer<typeof formWithApplySchema>;

export const getForm = defineEndpoint('ProjectApply/GetForm', {
  method: 'GET',
  client: 'exam-flow',
  request: () => z.object({ ProjectId: idSchema }),
  response: () => formWithApplySchema,
});

export const apply = defineEndpoint('ProjectApply/Apply', {
  method: 'POST',
  client: 'exam-flow',
  request: () =>
    z.object({
      ProjectId: idSchema,
      PositionId: idSchema,
      Values: formValuesSchema,
      /** The candidate ticked the separate consent (needed when the form has sensitive fields). */
      SensitiveConsent: z.boolean().optional(),
      /** Needed when the form's ID number is a child's under 14 (PIPL art. 31). */
      Guardian: guardianConsentSchema.optional(),
    }),
  response: () => applySummarySchema,
});

export const modifyApply = defineEndpoint('ProjectApply/ModifyApply', {
  method: 'POST',
  client: 'exam-flow',
  request: () =>
    z.object({
      ApplyId: idSchema,
      Values: formValuesSchema,
      SensitiveConsent: z.boolean().optional(),
      Guardian: guardianConsentSchema.optional(),
    }),
  response: () => applySummarySchema,
});

/**
 * Withdraws the candidate's application before the review decides or, once approved, before the
 * fee is paid (a paid fee is asked back with RefundPaymentOrder first). Applying again while the
 * project's window is open reuses the application with the values sent then.
 */
/**
 * Keeps what the candidate has typed so far (not shown in the spec): only the form's own fields,
 * files only the candidate's own uploads (any other is left out, never refused). The newest save
 * wins; the answer's Revision is the one this save made.
 */
export const saveApplyDraft = defineEndpoint('ProjectApply/SaveApplyDraft', {
  method: 'POST',
  client: 'exam-flow',
  request: () =>
    z.object({
      ProjectId: idSchema,
      PositionId: idSchema.optional(),
      Values: formValuesSchema,
    }),
  response: () => z.object({ Revision: z.number().int(), UpdateTime: timeSchema }),
});

export const withdrawApply = defineEndpoint('ProjectApply/WithdrawApply', {
  method: 'POST',
  client: 'exam-flow',
  request: () => z.object({ ApplyId: idSchema }),
  response: () => applySummarySchema,
});

/**
 * 改报: moves the candidate's application to another position of the same project while the
 * project allows it and its apply window is open — submitted, under review or returned, or
 * approved and not yet paid. The form is kept; the application goes back to review (Submitted).
 */
export const changePosition = defineEndpoint('ProjectApply/ChangePosition', {
  method: 'POST',
  client: 'exam-flow',
  request: () => z.object({ ApplyId: idSchema, PositionId: idSchema }),
  response: () => applySummarySchema,
});

export const formReportSchema = lazySchema(() =>
  z.object({
    ApplyId: z.number().int(),
    Title: z.string(),
    Items: z.array(z.object({ FieldId: z.string(), Label: z.string(), Display: z.string() })),
  }),
);
export type FormReport = z.infer<typeof formReportSchema>;

export const getFormReport = defineEndpoint('ProjectApply/GetFormReport', {
  method: 'POST',
  client: 'exam-flow',
  request: () => z.object({ ApplyId: idSchema }),
  response: () => formReportSchema,
});
