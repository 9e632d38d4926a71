import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pageQuerySchema, pagedSchema } from '../envelope.js';
import { formValuesSchema } from '../form.js';
import { applyStatusSchema, formWithApplySchema } from './apply.js';
import { flowViewSchema, pdfFileSchema, printHtmlSchema } from './flow.js';
import { projectNoticeSchema } from './notice.js';
import { positionSchema, projectDetailSchema, projectSummarySchema } from './project.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * §6: preview requests carry LoginName (the reviewer) in the query and the body. LoginName alone
 * proves nothing: the server also checks the proof its preview login set (an HttpOnly cookie).
 */
const loginNameSchema = lazySchema(() =>
  z.string().trim().min(1, '请输入预览账号').max(64, '预览账号不超过64个字符'),
);
const previewSchema = lazySchema(() => z.object({ LoginName: loginNameSchema }));
const previewProject = lazySchema(() => previewSchema.extend({ ProjectId: idSchema }));

export const PREVIEW_SAMPLE_MARK = '样例';

/** The reviewer's own sign-in for flow preview (not a candidate account). */
export const previewLogin = defineEndpoint('ProjectPreview/Login', {
  method: 'POST',
  client: 'exam-flow-preview',
  auth: 'optional',
  request: () =>
    z.object({
      LoginName: loginNameSchema,
      Password: z.string().min(1, '请输入密码').max(128),
      /** Required after failed tries: the human check's token (§5 scene). */
      CaptchaToken: z.string().max(2048).optional(),
    }),
  response: () =>
    z.object({
      LoginName: z.string(),
      Name: z.string(),
      TenantName: z.string(),
      ExpiresInSeconds: z.number().int().positive(),
    }),
});

/** Ends the proof if there is one; a dead proof is no reason to refuse signing out. */
export const previewLogout = defineEndpoint('ProjectPreview/Logout', {
  method: 'POST',
  client: 'exam-flow-preview',
  auth: 'optional',
  request: () => previewSchema,
  response: () => z.null(),
});

/** The reviewer's test entry of the form: validated as a candidate's, stored apart, never applied. */
export const previewSubmitForm = defineEndpoint('ProjectPreview/SubmitForm', {
  method: 'POST',
  client: 'exam-flow-preview',
  request: () => previewProject.extend({ PositionId: idSchema, Values: formValuesSchema }),
  response: () => formWithApplySchema,
});

export const previewGetNotice = defineEndpoint('ProjectPreview/GetNotice', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: () => previewProject,
  response: () => pagedSchema(projectNoticeSchema),
});

export const previewGetForm = defineEndpoint('ProjectPreview/GetForm', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: () => previewProject,
  response: () => formWithApplySchema,
});

/**
 * Beyond §7: the projects of the reviewer's tenant, in the candidates' list order, to choose one to
 * preview when the address names none (a reviewer who signed in on their own, not from a link).
 */
export const previewGetProjectList = defineEndpoint('ProjectPreview/GetProjectList', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: () =>
    pageQuerySchema.extend({
      LoginName: loginNameSchema,
      Keyword: z.string().trim().max(50).optional(),
    }),
  response: () => pagedSchema(projectSummarySchema),
});

export const previewGetProject = defineEndpoint('ProjectPreview/GetProject', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: () => previewProject,
  response: () => projectDetailSchema,
});

export const previewGetApply = defineEndpoint('ProjectPreview/GetApply', {
  method: 'GET',
  client: 'exam-flow-preview',
  /**
   * Status: show the flow as a candidate sees it at that state (default: the test entry's).
   * ApplyId: a candidate's application of the project instead, as its candidate sees it (the read
   * is in the candidate's audit trail).
   */
  request: () =>
    previewProject.extend({ Status: applyStatusSchema.optional(), ApplyId: idSchema.optional() }),
  response: () => flowViewSchema,
});

export const previewGetProjectPosition = defineEndpoint('ProjectPreview/GetProjectPosition', {
  method: 'GET',
  client: 'exam-flow-preview',
  request: () => previewProject,
  response: () => z.array(positionSchema),
});

export const previewGeneratePrint = defineEndpoint('ProjectPreview/GeneratePrint', {
  method: 'POST',
  client: 'exam-flow-preview',
  request: () => previewProject,
  response: () => printHtmlSchema,
});

export const previewHtmlToPdf = defineEndpoint('ProjectPreview/HtmlToPdf', {
  method: 'POST',
  client: 'exam-expand-preview',
  request: () =>
    previewSchema.extend({
      Html: z.string().min(1).max(2_000_000),
      FileName: z.string().max(100).optional(),
    }),
  response: () => pdfFileSchema,
});
