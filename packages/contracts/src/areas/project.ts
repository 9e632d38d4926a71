import { z } from 'zod';
import { defineEndpoint, type RequestOf } from '../endpoint.js';
import { idParam, idSchema, pagedSchema, pageQuerySchema, timeSchema } from '../envelope.js';
import { lazySchema } from '../lazy-schema.js';

export const PROJECT_STATES = ['NotStarted', 'Applying', 'Closed', 'Finished'] as const;
export const projectStateSchema = lazySchema(() => z.enum(PROJECT_STATES));
export type ProjectState = z.infer<typeof projectStateSchema>;
export const PROJECT_STATE_TEXT: Record<ProjectState, string> = {
  NotStarted: '未开始',
  Applying: '报名中',
  Closed: '已截止',
  Finished: '已结束',
};

export const lableRefSchema = lazySchema(() =>
  z.object({ LableId: z.number().int(), Name: z.string() }),
);

export const projectSummarySchema = lazySchema(() =>
  z.object({
    ProjectId: z.number().int(),
    Title: z.string(),
    Organizer: z.string(),
    /** An image address (never the image itself: a list carries no data: URLs). */
    CoverUrl: z.string(),
    CategoryId: z.number().int(),
    CategoryName: z.string(),
    Lables: z.array(lableRefSchema),
    ApplyStartTime: timeSchema,
    ApplyEndTime: timeSchema,
    /** When the organiser closed applications before ApplyEndTime; absent otherwise. */
    ClosedEarlyTime: timeSchema.optional(),
    /** Application fee in fen (1/100 yuan); 0 is free. */
    FeeInFen: z.number().int().min(0),
    State: projectStateSchema,
    HasOnlineExam: z.boolean(),
    ApplyCount: z.number().int().min(0),
  }),
);
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectDetailSchema = lazySchema(() =>
  projectSummarySchema.extend({
    /** Rich text (sanitised HTML). */
    Introduction: z.string(),
    ContactPhone: z.string(),
    ExamStartTime: timeSchema.nullable(),
    ExamEndTime: timeSchema.nullable(),
    IsFollow: z.boolean(),
    PositionCount: z.number().int().min(0),
  }),
);
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const positionSchema = lazySchema(() =>
  z.object({
    PositionId: z.number().int(),
    ProjectId: z.number().int(),
    Code: z.string(),
    Name: z.string(),
    Department: z.string(),
    Quota: z.number().int().min(0),
    Requirements: z.string(),
    ApplyCount: z.number().int().min(0),
  }),
);
export type Position = z.infer<typeof positionSchema>;

export const questionSchema = lazySchema(() =>
  z.object({
    QuestionId: z.number().int(),
    ProjectId: z.number().int(),
    Content: z.string(),
    /** Masked, e.g. 张** */
    AskerName: z.string(),
    AskTime: timeSchema,
    Answer: z.string().nullable(),
    AnswerTime: timeSchema.nullable(),
  }),
);
export type Question = z.infer<typeof questionSchema>;

export const QUESTION_MIN_LENGTH = 5;
export const QUESTION_MAX_LENGTH = 500;

export const projectIdQuerySchema = lazySchema(() => z.object({ ProjectId: idSchema }));

export const getProject = defineEndpoint('Project/GetProject', {
  method: 'GET',
  client: 'exam-flow',
  auth: 'optional',
  request: () => projectIdQuerySchema,
  response: () => projectDetailSchema,
});

export const getProjectPosition = defineEndpoint('Project/GetProjectPosition', {
  method: 'GET',
  client: 'exam-flow',
  auth: 'optional',
  request: () => projectIdQuerySchema,
  response: () => z.array(positionSchema),
});

export const getProjectList = defineEndpoint('Project/GetProjectList', {
  method: 'GET',
  client: 'exam-flow',
  auth: 'optional',
  request: () =>
    pageQuerySchema.extend({
      Keyword: z.string().trim().max(50).optional(),
      LableId: idSchema.optional(),
      CategoryId: idSchema.optional(),
      State: projectStateSchema.optional(),
      /**
       * The infinite list's cursor: the NextCursor of the page before. With it the page is the one
       * after that cursor (stable while projects are added or change state) and PageIndex is only
       * echoed; without it PageIndex chooses the page as the spec says.
       */
      After: z.string().max(200).optional(),
    }),
  response: () =>
    pagedSchema(projectSummarySchema).extend({
      /** Send as After for the next page; null when this page is the last. */
      NextCursor: z.string().nullable().optional(),
    }),
});

/** The project list's filters: what a list shows, apart from its paging. */
export type ProjectListFilter = Pick<
  RequestOf<typeof getProjectList>,
  'Keyword' | 'LableId' | 'CategoryId' | 'State'
>;

/**
 * The project list's filter as its address keeps it, so that a refresh, back or a shared link
 * shows the same list, and the host page draws it (first-answers.ts); unknown values are dropped.
 */
export function projectListFilterOf(query: URLSearchParams): ProjectListFilter {
  const state = query.get('State') ?? '';
  return {
    Keyword: query.get('Keyword')?.trim() || undefined,
    LableId: idParam(query.get('LableId')),
    CategoryId: idParam(query.get('CategoryId')),
    State: (PROJECT_STATES as readonly string[]).includes(state)
      ? (state as ProjectState)
      : undefined,
  };
}

export const getProjectUserAsk = defineEndpoint('Project/GetProjectUserAsk', {
  method: 'GET',
  client: 'exam-flow',
  request: () => pageQuerySchema.extend({ ProjectId: idSchema.optional() }),
  response: () => pagedSchema(questionSchema),
});

export const getProjectOpenAsk = defineEndpoint('Project/GetProjectOpenAsk', {
  method: 'GET',
  client: 'exam-flow',
  auth: 'optional',
  request: () => pageQuerySchema.extend({ ProjectId: idSchema }),
  response: () => pagedSchema(questionSchema),
});

export const follow = defineEndpoint('Project/Follow', {
  method: 'POST',
  client: 'exam-flow',
  request: () => z.object({ ProjectId: idSchema, IsFollow: z.boolean() }),
  response: () => z.object({ ProjectId: z.number().int(), IsFollow: z.boolean() }),
});

export const submitAsk = defineEndpoint('Project/SubmitAsk', {
  method: 'POST',
  client: 'exam-flow',
  request: () =>
    z.object({
      ProjectId: idSchema,
      Content: z
        .string()
        .trim()
        .min(QUESTION_MIN_LENGTH, `问题至少${QUESTION_MIN_LENGTH}个字`)
        .max(QUESTION_MAX_LENGTH, `问题最多${QUESTION_MAX_LENGTH}个字`),
    }),
  response: () => questionSchema,
});
