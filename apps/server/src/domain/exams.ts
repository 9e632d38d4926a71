import type { ApplyStatus, ExamPaper } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { examPapers, examQuestions, examSubmissions, projects } from '../db/schema/index.js';
import { isUniqueViolation } from '../db/errors.js';
import { moveApplication, requireOwnApplication } from './applications.js';
import { badRequest, conflict, notFound } from './errors.js';

/** The exam opens once the fee is paid (free projects: once the ticket is printed). */
const EXAM_OPEN: readonly ApplyStatus[] = ['Paid', 'TicketIssued'];
const ALREADY_SUBMITTED = '答卷已提交，不能重复提交';

type QuestionRow = typeof examQuestions.$inferSelect;

/** All or nothing: a question scores only when exactly the right options are chosen. */
export function scoreAnswers(
  questions: Pick<QuestionRow, 'id' | 'answer' | 'score'>[],
  answers: { QuestionId: number; Choices: string[] }[],
): number {
  const chosen = new Map(answers.map((a) => [a.QuestionId, new Set(a.Choices)]));
  return questions.reduce((total, q) => {
    const picked = chosen.get(q.id);
    const right =
      picked !== undefined &&
      picked.size === q.answer.length &&
      q.answer.every((key) => picked.has(key));
    return total + (right ? q.score : 0);
  }, 0);
}

async function loadExam(db: Database, userId: number, applyId: number) {
  const application = await requireOwnApplication(db, userId, applyId);
  const [project] = await db.select().from(projects).where(eq(projects.id, application.projectId));
  if (!project?.hasOnlineExam) throw conflict('该项目没有在线考试');
  const [paper] = await db.select().from(examPapers).where(eq(examPapers.projectId, project.id));
  if (!paper) throw notFound('试卷尚未发布，请留意项目通知');
  const questions = await db
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.paperId, paper.id))
    .orderBy(asc(examQuestions.sort), asc(examQuestions.id));
  const [submission] = await db
    .select()
    .from(examSubmissions)
    .where(eq(examSubmissions.applicationId, application.id));
  return { application, project, paper, questions, submission };
}

/** Beijing time, as candidates read it: 2027-02-04 14:00 */
function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The paper is served and taken only from the exam's start time. */
function refuseBeforeStart(project: { examStartAt: Date | null }, now: Date): void {
  if (project.examStartAt && now < project.examStartAt)
    throw conflict(`考试尚未开始，开考时间为${beijingTime(project.examStartAt)}（北京时间）`);
}

/** ProjectOnLineExamine/GetExamine: the paper without its answers. */
export async function getExamPaper(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamPaper> {
  const { application, project, paper, questions, submission } = await loadExam(
    db,
    userId,
    applyId,
  );
  if (!submission && !EXAM_OPEN.includes(application.status))
    throw conflict(
      project.feeInFen > 0
        ? '缴纳报名费后才能参加在线考试'
        : '审核通过并打印准考证后才能参加在线考试',
    );
  if (!submission) refuseBeforeStart(project, now);
  return {
    ExamId: paper.id,
    ApplyId: application.id,
    Title: paper.title,
    DurationSeconds: paper.durationSeconds,
    StartTime: project.examStartAt?.toISOString() ?? null,
    EndTime: project.examEndAt?.toISOString() ?? null,
    TotalScore: questions.reduce((sum, q) => sum + q.score, 0),
    Questions: questions.map((q) => ({
      QuestionId: q.id,
      Type: q.type,
      Content: q.content,
      Options: q.options,
      Score: q.score,
    })),
    Submitted: Boolean(submission),
    Score: submission?.score ?? null,
  };
}

/** ProjectOnLineExamine/SubmitAnswer: once only; scores it and finishes the application. */
export async function submitExamAnswers(
  db: Database,
  userId: number,
  input: { ApplyId: number; Answers: { QuestionId: number; Choices: string[] }[] },
  now: Date,
): Promise<{ Score: number; TotalScore: number }> {
  const { application, project, paper, questions, submission } = await loadExam(
    db,
    userId,
    input.ApplyId,
  );
  if (submission) throw conflict(ALREADY_SUBMITTED);
  if (!EXAM_OPEN.includes(application.status))
    throw conflict(
      project.feeInFen > 0
        ? '缴纳报名费后才能参加在线考试'
        : '审核通过并打印准考证后才能参加在线考试',
    );
  refuseBeforeStart(project, now);
  if (project.examEndAt && now > project.examEndAt) throw conflict('考试已结束，不能再提交答卷');
  const byId = new Map(questions.map((q) => [q.id, q]));
  const errors: Record<string, string> = {};
  input.Answers.forEach((answer, i) => {
    const question = byId.get(answer.QuestionId);
    if (!question) errors[`Answers.${i}.QuestionId`] = '题目不属于本试卷';
    else if (answer.Choices.some((c) => !question.options.some((o) => o.Key === c)))
      errors[`Answers.${i}.Choices`] = '选项不存在';
    else if (question.type !== 'multiple' && answer.Choices.length > 1)
      errors[`Answers.${i}.Choices`] = '单选题和判断题只能选一个答案';
  });
  if (Object.keys(errors).length > 0) throw badRequest('答卷内容有误，请刷新后重新作答', errors);
  const score = scoreAnswers(questions, input.Answers);
  const totalScore = questions.reduce((sum, q) => sum + q.score, 0);
  try {
    await db.transaction(async (txDb) => {
      const tx = txDb as Database;
      await tx.insert(examSubmissions).values({
        applicationId: application.id,
        paperId: paper.id,
        answers: input.Answers,
        score,
        totalScore,
        submittedAt: now,
      });
      await moveApplication(tx, application, 'Finished', {
        actor: 'candidate',
        now,
        remark: `在线考试得分 ${score}/${totalScore}`,
        set: { examScore: score },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_SUBMITTED);
    throw error;
  }
  return { Score: score, TotalScore: totalScore };
}
