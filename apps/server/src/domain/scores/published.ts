import type { ProjectRow } from '../../db/schema/index.js';

type ScoreTimes = Pick<ProjectRow, 'scoresPublishAt'>;

/** Scores are out once the organiser's publish time has come, on the server's clock. */
export const scoresPublished = (project: ScoreTimes | undefined, now: Date): boolean =>
  !!project?.scoresPublishAt && project.scoresPublishAt.getTime() <= now.getTime();

/** The application's score as the candidate may see it: nothing before publication. */
export const publishedScore = (
  examScore: number | null,
  project: ScoreTimes | undefined,
  now: Date,
): number | null => (scoresPublished(project, now) ? examScore : null);
