import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema } from '../envelope.js';
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
