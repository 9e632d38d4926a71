import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pagedSchema, pageQuerySchema, timeSchema } from '../envelope.js';
import { lazySchema } from '../lazy-schema.js';

export const projectNoticeSchema = lazySchema(() =>
  z.object({
    NoticeId: z.number().int(),
    ProjectId: z.number().int(),
    ProjectTitle: z.string(),
    Title: z.string(),
    /** Rich text (sanitised HTML). */
    Content: z.string(),
    PublishTime: timeSchema,
  }),
);
export type ProjectNotice = z.infer<typeof projectNoticeSchema>;

export const messageSummarySchema = lazySchema(() =>
  z.object({
    MessageId: z.number().int(),
    Title: z.string(),
    Summary: z.string(),
    IsRead: z.boolean(),
    ProjectId: z.number().int().nullable(),
    CreateTime: timeSchema,
  }),
);
export type MessageSummary = z.infer<typeof messageSummarySchema>;
export const messageSchema = lazySchema(() => messageSummarySchema.extend({ Content: z.string() }));
export type Message = z.infer<typeof messageSchema>;

/** Project notices, newest first: of one project, or one notice by NoticeId, or all published. */
export const getProjectNotice = defineEndpoint('ProjectNotice/GetNotice', {
  method: 'GET',
  client: 'exam-message',
  auth: 'optional',
  request: () =>
    pageQuerySchema.extend({
      ProjectId: idSchema.optional(),
      NoticeId: idSchema.optional(),
    }),
  response: () => pagedSchema(projectNoticeSchema),
});

export const getMessageList = defineEndpoint('MessageNotice/GetList', {
  method: 'GET',
  client: 'exam-message',
  request: () => pageQuerySchema,
  response: () =>
    pagedSchema(messageSummarySchema).extend({ UnreadCount: z.number().int().min(0) }),
});

/** Reading a message marks it read. */
export const getMessageNotice = defineEndpoint('MessageNotice/GetNotice', {
  method: 'GET',
  client: 'exam-message',
  request: () => z.object({ MessageId: idSchema }),
  response: () => messageSchema.extend({ UnreadCount: z.number().int().min(0) }),
});
