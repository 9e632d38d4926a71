import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pagedSchema } from '../envelope.js';
import { formWithApplySchema } from './apply.js';
import { flowViewSchema, pdfFileSchema, printHtmlSchema } from './flow.js';
import { projectNoticeSchema } from './notice.js';
import { positionSchema, projectDetailSchema } from './project.js';

/** §6: preview requests carry LoginName (the reviewer) in the query and the body. */
const previewSchema = z.object({ LoginName: z.string().trim().min(1, '预览账号缺失，请重新登录') });
const previewProject = previewSchema.extend({ ProjectId: idSchema });

export const previewGetNotice = defineEndpoint('ProjectPreview/GetNotice', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: previewProject,
  response: pagedSchema(projectNoticeSchema),
});

export const previewGetForm = defineEndpoint('ProjectPreview/GetForm', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: previewProject,
  response: formWithApplySchema,
});

export const previewGetProject = defineEndpoint('ProjectPreview/GetProject', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: previewProject,
  response: projectDetailSchema,
});

export const previewGetApply = defineEndpoint('ProjectPreview/GetApply', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: previewProject,
  response: flowViewSchema,
});

export const previewGetProjectPosition = defineEndpoint('ProjectPreview/GetProjectPosition', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: previewProject,
  response: z.array(positionSchema),
});

export const previewGeneratePrint = defineEndpoint('ProjectPreview/GeneratePrint', {
  method: 'POST',
  client: 'exam-flow-preview',
  request: previewProject,
  response: printHtmlSchema,
});

export const previewHtmlToPdf = defineEndpoint('ProjectPreview/HtmlToPdf', {
  method: 'POST',
  client: 'exam-expand-preview',
  request: previewSchema.extend({
    Html: z.string().min(1).max(2_000_000),
    FileName: z.string().max(100).optional(),
  }),
  response: pdfFileSchema,
});
