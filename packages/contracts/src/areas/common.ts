import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { boundedString, idSchema, MAX_IMAGE_BASE64_LENGTH, urlSchema } from '../envelope.js';
import { uploadedFileValueSchema } from '../form.js';
import { MAX_PDF_HTML_LENGTH, pdfFileSchema } from './flow.js';

export const UPLOAD_PURPOSES = ['avatar', 'photo', 'file'] as const;
/** The largest upload the server takes at all; a form field may set a lower one. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;

export const getSharePoster = defineEndpoint('Common/GetSharePoster', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({ ProjectId: idSchema, ShareUrl: urlSchema }),
  /** PosterUrl is a data: URL of an SVG image with the project's title and a QR code. */
  response: () => z.object({ PosterUrl: z.string(), ShareUrl: z.string() }),
});

export const getPageConfig = defineEndpoint('PageConfig/GetPageConfig', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({ Domain: z.string().max(253).optional() }),
  response: () =>
    z.object({
      IsNotFound: z.boolean(),
      TenantId: z.number().int().nullable(),
      TenantName: z.string(),
      LogoUrl: z.string(),
      ServicePhone: z.string(),
    }),
});

export const qrCodeDecode = defineEndpoint('Common/QRCodeDecode', {
  method: 'POST',
  client: 'exam-expand',
  auth: 'optional',
  request: () =>
    z.object({
      ImageBase64: boundedString(MAX_IMAGE_BASE64_LENGTH, '图片过大，请裁剪后再试').min(
        1,
        '请上传二维码图片',
      ),
    }),
  response: () => z.object({ Text: z.string() }),
});

/** Every account's uploads together may weigh this much unless the server's setting says otherwise. */
export const DEFAULT_UPLOAD_QUOTA_MB = 200;
/** Signed addresses of uploads live at most this long. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * multipart: the file in field `File`, and `Purpose`. The answer is the form value: FileId to keep,
 * and Url, a signed address to show the file that works for UPLOAD_URL_TTL_SECONDS.
 */
export const upload = defineEndpoint('Common/Upload', {
  method: 'POST',
  client: 'exam-expand',
  body: 'multipart',
  request: () => z.object({ Purpose: z.enum(UPLOAD_PURPOSES).default('file') }),
  response: () => uploadedFileValueSchema.required({ FileId: true, Url: true }),
});

export const htmlToPdf = defineEndpoint('Common/HtmlToPdf', {
  method: 'POST',
  client: 'exam-expand',
  request: () =>
    z.object({
      Html: z
        .string()
        .min(1)
        .max(MAX_PDF_HTML_LENGTH, `内容过大，最多${MAX_PDF_HTML_LENGTH}个字符`),
      FileName: z.string().max(100).optional(),
    }),
  response: () => pdfFileSchema,
});

/** §7 WeChat signature call: the response fields are read as appId, timestamp, nonceStr, signature. */
export const createWebWeChat = defineEndpoint('Common/CreateWebWeChat', {
  method: 'POST',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({ PageUrl: urlSchema }),
  response: () =>
    z.object({
      appId: z.string(),
      timestamp: z.number().int(),
      nonceStr: z.string(),
      signature: z.string(),
    }),
});
