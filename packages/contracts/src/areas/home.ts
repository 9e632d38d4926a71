import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pagedSchema, pageQuerySchema, timeSchema } from '../envelope.js';
import { projectSummarySchema } from './project.js';
import { lazySchema } from '../lazy-schema.js';

export const homeLableSchema = lazySchema(() =>
  z.object({
    LableId: z.number().int(),
    Name: z.string(),
    /** An icon name the web maps to a glyph, or an image URL. */
    Icon: z.string(),
    Color: z.string(),
  }),
);
export type HomeLable = z.infer<typeof homeLableSchema>;

export interface FindLable {
  LableId: number;
  Name: string;
  Icon: string;
  ProjectCount: number;
  Children?: FindLable[];
}
export const findLableSchema: z.ZodType<FindLable> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      LableId: z.number().int(),
      Name: z.string(),
      Icon: z.string(),
      ProjectCount: z.number().int().min(0),
      Children: z.array(findLableSchema).optional(),
    }),
  ),
);

export const homeLableLayoutSchema = lazySchema(() =>
  z.object({
    Banners: z.array(
      z.object({ Title: z.string(), ImageUrl: z.string(), ProjectId: z.number().int().nullable() }),
    ),
    Sections: z.array(
      z.object({
        SectionId: z.number().int(),
        Title: z.string(),
        LableId: z.number().int(),
        Style: z.enum(['list', 'card']),
        Projects: z.array(projectSummarySchema),
      }),
    ),
  }),
);
export type HomeLableLayout = z.infer<typeof homeLableLayoutSchema>;

export const commonSolutionSchema = lazySchema(() =>
  z.object({
    SolutionId: z.number().int(),
    Title: z.string(),
    Summary: z.string(),
    CoverUrl: z.string(),
    PublishTime: timeSchema,
  }),
);
export type CommonSolution = z.infer<typeof commonSolutionSchema>;
export const commonSolutionDetailSchema = lazySchema(() =>
  commonSolutionSchema.extend({ Content: z.string() }),
);

export const externalProjectSchema = lazySchema(() =>
  z.object({
    ExternalProjectId: z.number().int(),
    Title: z.string(),
    Organizer: z.string(),
    Summary: z.string(),
    Url: z.string().url(),
    ApplyEndTime: timeSchema,
  }),
);
export type ExternalProject = z.infer<typeof externalProjectSchema>;

export const getHomeLable = defineEndpoint('Lable/GetHomeLable', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({}),
  response: () => z.array(homeLableSchema),
});

export const getFindLable = defineEndpoint('Lable/GetFindLable', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({}),
  response: () => z.array(findLableSchema),
});

export const getHomeLableLayout = defineEndpoint('HomeLableLayout/GetHomeLableLayout', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({}),
  response: () => homeLableLayoutSchema,
});

export const getCommonSolutionList = defineEndpoint('CommonSolution/GetList', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => pageQuerySchema,
  response: () => pagedSchema(commonSolutionSchema),
});

export const getCommonSolutionDetails = defineEndpoint('CommonSolution/GetDetails', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => z.object({ SolutionId: idSchema }),
  response: () => commonSolutionDetailSchema,
});

export const getExternalProjectList = defineEndpoint('ExternalProject/GetList', {
  method: 'GET',
  client: 'exam-expand',
  auth: 'optional',
  request: () => pageQuerySchema,
  response: () => pagedSchema(externalProjectSchema),
});
