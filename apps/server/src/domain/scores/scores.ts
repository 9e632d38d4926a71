import type { ScoreReview, ScoreView } from '@portal/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  examSubmissions,
  positions,
  projects,
  scoreReviews,
  type ApplicationRow,
  type ProjectRow,
  type ScoreReviewRow,
} from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { beijingMinute } from '../../platform/beijing-time.js';
import { requireOwnApplication } from '../applications/applications.js';
import { conflict, notFound } from '../errors.js';
import { createUserMessage } from '../notices/messages.js';
import { enqueueResultNotices } from '../notices/outbox.js';
import { publishedScore, scoresPublished } from './published.js';

const OPEN_REVIEW_MESSAGE = '您已提交复核申请，请等待答复，不能重复提交';

/** Why no 复核 can be filed now, in the candidate's words; null when one can. */
function reviewClosedReason(
  project: ProjectRow,
  score: number | null,
  openReview: boolean,
  now: Date,
): string | null {
  if (!scoresPublished(project, now)) return '成绩公布后方可申请复核';
  if (score === null) return '您没有本项目的成绩，无需申请复核';
  const start = project.scoreReviewStartAt;
  const end = project.scoreReviewEndAt;
  if (!start || !end) return '本项目未开放成绩复核';
  const window = `复核申请时间为 ${beijingMinute(start)} 至 ${beijingMinute(end)}（北京时间）`;
  if (now < start) return `${window}，尚未开始`;
  if (now > end) return `${window}，已结束`;
  if (openReview) return OPEN_REVIEW_MESSAGE;
  return null;
}

function reviewView(row: ScoreReviewRow): ScoreReview {
  return {
    ReviewId: row.id,
    Status: row.status,
    Reason: row.reason,
    SubmitTime: row.createdAt.toISOString(),
    ScoreBefore: row.scoreBefore,
    ScoreAfter: row.status === 'Answered' ? row.scoreAfter : null,
    Answer: row.status === 'Answered' ? row.answer : null,
    AnswerTime: row.answeredAt?.toISOString() ?? null,
  };
}

async function scoreView(db: Database, row: ApplicationRow, now: Date): Promise<ScoreView> {
  const [[project], [position], [submission], reviews] = await Promise.all([
    db.select().from(projects).where(eq(projects.id, row.projectId)),
    db.select({ name: positions.name }).from(positions).where(eq(positions.id, row.positionId)),
    db
      .select({ totalScore: examSubmissions.totalScore })
      .from(examSubmissions)
      .where(eq(examSubmissions.applicationId, row.id)),
    db
      .select()
      .from(scoreReviews)
      .where(eq(scoreReviews.applicationId, row.id))
      .orderBy(desc(scoreReviews.id)),
  ]);
  if (!project) throw notFound('项目不存在');
  const published = scoresPublished(project, now);
  const score = publishedScore(row.examScore, project, now);
  const passLine = published ? project.scorePassLine : null;
  const closedReason = reviewClosedReason(
    project,
    score,
    reviews.some((r) => r.status !== 'Answered'),
    now,
  );
  return {
    ApplyId: row.id,
    ProjectId: project.id,
    ProjectTitle: project.title,
    PositionName: position?.name ?? '',
    Published: published,
    ExpectedTime: published ? null : (project.scoresPublishAt?.toISOString() ?? null),
    PublishTime: published ? project.scoresPublishAt!.toISOString() : null,
    Score: score,
    TotalScore: published ? (submission?.totalScore ?? null) : null,
    PassLine: passLine,
    Advances: passLine !== null && score !== null ? score >= passLine : null,
    ReviewStartTime: project.scoreReviewStartAt?.toISOString() ?? null,
    ReviewEndTime: project.scoreReviewEndAt?.toISOString() ?? null,
    CanRequestReview: closedReason === null,
    ReviewClosedReason: closedReason,
    Reviews: reviews.map(reviewView),
    ServerTime: now.toISOString(),
  };
}

/** ProjectScore/GetScore: the candidate's own result; another's application is not found. */
export async function getScore(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ScoreView> {
  return scoreView(db, await requireOwnApplication(db, userId, applyId), now);
}

/** ProjectScore/RequestReview: within the window, one open request per application. */
export async function requestScoreReview(
  db: Database,
  userId: number,
  input: { ApplyId: number; Reason: string },
  now: Date,
): Promise<ScoreView> {
  const row = await requireOwnApplication(db, userId, input.ApplyId);
  const [project] = await db.select().from(projects).where(eq(projects.id, row.projectId));
  if (!project) throw notFound('项目不存在');
  const score = publishedScore(row.examScore, project, now);
  const [open] = await db
    .select({ id: scoreReviews.id })
    .from(scoreReviews)
    .where(and(eq(scoreReviews.applicationId, row.id), ne(scoreReviews.status, 'Answered')));
  const refused = reviewClosedReason(project, score, !!open, now);
  if (refused !== null) throw conflict(refused);
  try {
    await db.insert(scoreReviews).values({
      applicationId: row.id,
      reason: input.Reason,
      scoreBefore: score!,
      createdAt: now,
    });
  } catch (error) {
    // Two submissions at once: the open-request index lets one through.
    if (isUniqueViolation(error)) throw conflict(OPEN_REVIEW_MESSAGE);
    throw error;
  }
  return scoreView(db, row, now);
}

/**
 * The organiser publishes a project's scores now (the demo's dev tools stand in for them); each
 * candidate with a score is told, in the same transaction (issue 30, point 16).
 */
export async function publishScores(
  db: Database,
  projectId: number,
  settings: { passLine?: number | null; reviewDays?: number },
  now: Date,
): Promise<void> {
  const reviewDays = settings.reviewDays ?? 5;
  await db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const updated = await tx
      .update(projects)
      .set({
        scoresPublishAt: now,
        ...(settings.passLine !== undefined ? { scorePassLine: settings.passLine } : {}),
        scoreReviewStartAt: now,
        scoreReviewEndAt: new Date(now.getTime() + reviewDays * 24 * 3600_000),
      })
      .where(eq(projects.id, projectId))
      .returning({ id: projects.id });
    if (updated.length === 0) throw notFound('项目不存在');
    await enqueueResultNotices(tx, projectId);
  });
}

/**
 * The organiser takes up a request (复核中) or answers it (已答复), the score after it recorded on
 * the application when it changed; the candidate gets a message either way.
 */
export async function answerScoreReview(
  db: Database,
  reviewId: number,
  decision: { answer: string; scoreAfter?: number } | 'start',
  now: Date,
): Promise<ScoreReviewRow> {
  return db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const [review] = await tx
      .select()
      .from(scoreReviews)
      .where(eq(scoreReviews.id, reviewId))
      .for('update');
    if (!review) throw notFound('复核申请不存在');
    if (review.status === 'Answered') throw conflict('该复核申请已答复');
    if (decision === 'start') {
      const [started] = await tx
        .update(scoreReviews)
        .set({ status: 'Reviewing', reviewingAt: now })
        .where(eq(scoreReviews.id, reviewId))
        .returning();
      return started!;
    }
    const scoreAfter = decision.scoreAfter ?? review.scoreBefore;
    const [answered] = await tx
      .update(scoreReviews)
      .set({
        status: 'Answered',
        reviewingAt: review.reviewingAt ?? now,
        answeredAt: now,
        answer: decision.answer,
        scoreAfter,
      })
      .where(eq(scoreReviews.id, reviewId))
      .returning();
    const [application] = await tx
      .update(applications)
      .set({
        updatedAt: now,
        ...(scoreAfter !== review.scoreBefore ? { examScore: scoreAfter } : {}),
      })
      .where(eq(applications.id, review.applicationId))
      .returning({ userId: applications.userId, projectId: applications.projectId });
    const [project] = await tx
      .select({ title: projects.title })
      .from(projects)
      .where(eq(projects.id, application!.projectId));
    await createUserMessage(tx, {
      userId: application!.userId,
      projectId: application!.projectId,
      title: '成绩复核已答复',
      content:
        scoreAfter === review.scoreBefore
          ? `您对「${project?.title ?? ''}」成绩的复核申请已答复：成绩不变（${scoreAfter} 分）。${decision.answer}`
          : `您对「${project?.title ?? ''}」成绩的复核申请已答复：成绩由 ${review.scoreBefore} 分更正为 ${scoreAfter} 分。${decision.answer}`,
      createdAt: now,
    });
    return answered!;
  });
}
