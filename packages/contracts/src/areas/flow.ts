import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, timeSchema } from '../envelope.js';
import { applySummarySchema } from './apply.js';
import { lazySchema } from '../lazy-schema.js';

export const FLOW_STEP_KEYS = ['apply', 'review', 'pay', 'print', 'exam', 'result'] as const;
export const flowStepKeySchema = lazySchema(() => z.enum(FLOW_STEP_KEYS));
export type FlowStepKey = z.infer<typeof flowStepKeySchema>;
export const flowStepStateSchema = lazySchema(() =>
  z.enum(['done', 'current', 'waiting', 'failed', 'skipped']),
);

export const NEXT_ACTIONS = [
  'apply',
  'modify',
  'wait-review',
  'pay',
  'print',
  'exam',
  'result',
  'none',
] as const;
export const nextActionSchema = lazySchema(() => z.enum(NEXT_ACTIONS));
export type NextAction = z.infer<typeof nextActionSchema>;

export const flowViewSchema = lazySchema(() =>
  z.object({
    ProjectId: z.number().int(),
    Apply: applySummarySchema.nullable(),
    Steps: z.array(
      z.object({
        Key: flowStepKeySchema,
        Title: z.string(),
        State: flowStepStateSchema,
        Description: z.string(),
      }),
    ),
    /** The one thing the candidate should do next. */
    NextAction: nextActionSchema,
  }),
);
export type FlowView = z.infer<typeof flowViewSchema>;

export const printHtmlSchema = lazySchema(() =>
  z.object({
    ApplyId: z.number().int(),
    Html: z.string(),
    /** An online exam's ticket: the page's own advice is then about the device, not the venue. */
    HasOnlineExam: z.boolean(),
  }),
);
export type PrintHtml = z.infer<typeof printHtmlSchema>;
/** The largest HTML turned into a PDF at all; an admission ticket is a few kilobytes. */
export const MAX_PDF_HTML_LENGTH = 200_000;
/** A generated document travels inside the envelope so every answer has one shape. */
export const pdfFileSchema = lazySchema(() =>
  z.object({
    FileName: z.string(),
    ContentType: z.literal('application/pdf'),
    Base64: z.string(),
  }),
);
export type PdfFile = z.infer<typeof pdfFileSchema>;

export const getApply = defineEndpoint('ProjectFlow/GetApply', {
  method: 'GET',
  client: 'exam-flow',
  request: () => z.object({ ProjectId: idSchema }),
  response: () => flowViewSchema,
});

export const generatePrint = defineEndpoint('ProjectFlow/GeneratePrint', {
  method: 'POST',
  client: 'exam-flow',
  request: () => z.object({ ApplyId: idSchema }),
  response: () => printHtmlSchema,
});

export const downloadPrint = defineEndpoint('ProjectFlow/DownloadPrint', {
  method: 'POST',
  client: 'exam-flow',
  request: () => z.object({ ApplyId: idSchema }),
  response: () => pdfFileSchema,
});

export const RECEIPT_KINDS = ['Apply', 'Exam'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  Apply: '报名提交回执',
  Exam: '考试交卷回执',
};

/**
 * A receipt the server signed: what was sent and when, by its clock. The candidate is masked, as
 * anyone holding the verify address reads the same facts.
 */
export const receiptSchema = lazySchema(() =>
  z.object({
    Kind: z.enum(RECEIPT_KINDS),
    ApplyId: z.number().int(),
    ProjectTitle: z.string(),
    PositionName: z.string(),
    /** Masked (张*). */
    CandidateName: z.string(),
    /** Masked (1101**********1234); empty when the form asks for none. */
    IdNumber: z.string(),
    /** SHA-256 (hex) of the submitted form with each file's own digest, or of the answers. */
    Digest: z.string(),
    SubmittedAt: timeSchema,
    /** The public address that checks the receipt (also in the QR code). */
    VerifyUrl: z.string(),
    QrDataUrl: z.string(),
  }),
);
export type Receipt = z.infer<typeof receiptSchema>;

/** Not in §7: the receipt of the submitted application, or of the submitted online exam. */
export const getReceipt = defineEndpoint('ProjectFlow/GetReceipt', {
  method: 'GET',
  client: 'exam-flow',
  request: () => z.object({ ApplyId: idSchema, Kind: z.enum(RECEIPT_KINDS) }),
  response: () => receiptSchema,
});
