import type { ExamAnswer, ExamAttempt, ExamAttemptPaper, ExamSummary } from '@portal/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { examQuestions } from '../../db/schema/index.js';
import { examPracticeAttempts, examSubmissions } from '../../db/schema/index.js';
import { conflict } from '../errors.js';
import {
  EXAM_OPEN,
  SUBMIT_GRACE_MS,
  checkAnswers,
  examClosedMessage,
  loadExam,
  questionsInAttemptOrder,
  type Exam,
} from './exams.js';

/*
 * The practice attempt (issue 30, point 19; docs/decisions.md "Practice attempt"): a short sample
 * paper on the same screen and by the same rules as the exam (the server starts and times it, the
 * answers are saved under revisions, one submission ends it), so the first time a candidate meets
 * the exam screen is not the exam. It is never scored and never touches the real attempt, the
 * submission or the application; it opens with the exam (fee paid / ticket printed), before the
 * exam's window, and closes once the real attempt is started or the window is over.
 */

type QuestionRow = typeof examQuestions.$inferSelect;
type PracticeRow = typeof examPracticeAttempts.$inferSelect;

/** A practice attempt's time: long enough to try every kind of question, short enough to end. */
export const PRACTICE_SECONDS = 10 * 60;

export const PRACTICE_TITLE = '练习卷（熟悉考试界面，不计分）';

const practiceQuestion = (
  id: number,
  type: QuestionRow['type'],
  content: string,
  options: [string, string][],
  answer: string[],
): QuestionRow => ({
  id,
  paperId: 0,
  type,
  content,
  options: options.map(([Key, Text]) => ({ Key, Text })),
  answer,
  score: 0,
  sort: id,
});

/**
 * The sample paper, the same for every project: one question of each kind the exam asks, about
 * the exam screen itself. Its ids are its own (1–4): they are only ever checked against this list.
 */
export const PRACTICE_QUESTIONS: readonly QuestionRow[] = [
  practiceQuestion(
    1,
    'single',
    '考试中网络突然断开，已作答的答案会怎样？',
    [
      ['A', '全部丢失，需要重新作答'],
      ['B', '先保存在本机，恢复网络后自动同步到服务器'],
      ['C', '立即自动交卷'],
    ],
    ['B'],
  ),
  practiceQuestion(
    2,
    'multiple',
    '以下哪些做法会被记为离开考试页面？（可多选）',
    [
      ['A', '切换到其他应用'],
      ['B', '锁屏'],
      ['C', '在本页内翻到下一题'],
    ],
    ['A', 'B'],
  ),
  practiceQuestion(
    3,
    'judge',
    '考试计时以服务器时间为准，刷新页面不会暂停或重置计时。',
    [
      ['T', '正确'],
      ['F', '错误'],
    ],
    ['T'],
  ),
  practiceQuestion(4, 'blank', '填空练习：请在下面的输入框中输入“练习”二字。', [], ['练习']),
];

const isLate = (attempt: PracticeRow, now: Date) =>
  now.getTime() > attempt.deadlineAt.getTime() + SUBMIT_GRACE_MS;

function practiceView(attempt: PracticeRow, exam: Exam, now: Date): ExamAttempt {
  return {
    StartedAt: attempt.startedAt.toISOString(),
    Deadline: attempt.deadlineAt.toISOString(),
    ServerTime: now.toISOString(),
    Revision: attempt.revision,
    Answers: attempt.answers,
    Flagged: attempt.flagged,
    LeaveCount: 0,
    LeaveLimit: null,
    LeaveThresholdSeconds: exam.paper.leaveThresholdSeconds,
    Leaves: [],
    SubmittedAt: attempt.submittedAt?.toISOString() ?? null,
    SubmittedBy: attempt.submittedBy,
    Score: null,
  };
}

/**
 * Practice is open to a candidate whose exam is open (fee paid / ticket printed), from then on —
 * before the exam's start time too — until the real attempt is started or the window is over.
 */
async function refuseClosedPractice(db: Database, exam: Exam, now: Date): Promise<void> {
  const [submission] = await db
    .select({ id: examSubmissions.id })
    .from(examSubmissions)
    .where(eq(examSubmissions.applicationId, exam.application.id));
  if (submission || exam.attempt?.submittedAt) throw conflict('正式考试已交卷，练习已关闭');
  if (exam.attempt) throw conflict('正式考试已开始，练习已关闭，请返回考试继续作答');
  if (!EXAM_OPEN.includes(exam.application.status)) throw conflict(examClosedMessage(exam.project));
  if (exam.project.examEndAt && now >= exam.project.examEndAt)
    throw conflict('考试已结束，练习已关闭');
}

/** The application's latest practice attempt, ended by its deadline if its time ran out. */
async function latestPractice(
  db: Database,
  applyId: number,
  now: Date,
): Promise<PracticeRow | undefined> {
  const [latest] = await db
    .select()
    .from(examPracticeAttempts)
    .where(eq(examPracticeAttempts.applicationId, applyId))
    .orderBy(desc(examPracticeAttempts.startedAt), desc(examPracticeAttempts.id))
    .limit(1);
  if (!latest || latest.submittedAt || !isLate(latest, now)) return latest;
  const [ended] = await db
    .update(examPracticeAttempts)
    .set({ submittedAt: latest.deadlineAt, submittedBy: 'deadline' })
    .where(and(eq(examPracticeAttempts.id, latest.id), isNull(examPracticeAttempts.submittedAt)))
    .returning();
  return ended ?? latest;
}

const openOnly = (attempt: PracticeRow | undefined) =>
  attempt && !attempt.submittedAt ? attempt : undefined;

/** ProjectOnLineExamine/GetPractice: the sample paper's facts and the open practice attempt. */
export async function getPracticeSummary(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamSummary> {
  const exam = await loadExam(db, userId, applyId);
  await refuseClosedPractice(db, exam, now);
  const open = openOnly(await latestPractice(db, applyId, now));
  const { application, project, paper } = exam;
  return {
    ExamId: paper.id,
    ApplyId: application.id,
    Title: PRACTICE_TITLE,
    DurationSeconds: PRACTICE_SECONDS,
    ExtraTimePercent: 0,
    AllowedSeconds: PRACTICE_SECONDS,
    StartTime: project.examStartAt?.toISOString() ?? null,
    EndTime: project.examEndAt?.toISOString() ?? null,
    TotalScore: 0,
    QuestionCount: PRACTICE_QUESTIONS.length,
    MultipleScoring: 'AllOrNothing',
    LeaveLimit: null,
    LeaveThresholdSeconds: paper.leaveThresholdSeconds,
    ServerTime: now.toISOString(),
    Attempt: open ? practiceView(open, exam, now) : null,
    Submitted: false,
    Score: null,
  };
}

/** ProjectOnLineExamine/StartPractice: resumes the open practice attempt, or starts a new one. */
export async function startPracticeAttempt(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamAttempt> {
  const exam = await loadExam(db, userId, applyId);
  await refuseClosedPractice(db, exam, now);
  const open = openOnly(await latestPractice(db, applyId, now));
  if (open) return practiceView(open, exam, now);
  const deadline = Math.min(
    now.getTime() + PRACTICE_SECONDS * 1000,
    exam.project.examEndAt?.getTime() ?? Infinity,
  );
  const [created] = await db
    .insert(examPracticeAttempts)
    .values({
      applicationId: applyId,
      seed: Math.floor(Math.random() * 2 ** 31),
      startedAt: now,
      deadlineAt: new Date(deadline),
    })
    .returning();
  return practiceView(created!, exam, now);
}

async function requirePractice(db: Database, userId: number, applyId: number, now: Date) {
  const exam = await loadExam(db, userId, applyId);
  const attempt = await latestPractice(db, applyId, now);
  if (!attempt) throw conflict('请先开始练习');
  return { exam, attempt };
}

/** ProjectOnLineExamine/GetPracticePaper: the sample questions in the attempt's order. */
export async function getPracticePaper(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamAttemptPaper> {
  const { exam, attempt } = await requirePractice(db, userId, applyId, now);
  return {
    Title: PRACTICE_TITLE,
    TotalScore: 0,
    MultipleScoring: 'AllOrNothing',
    Questions: questionsInAttemptOrder(PRACTICE_QUESTIONS, attempt.seed),
    Attempt: practiceView(attempt, exam, now),
    Review: null,
  };
}

interface PracticeSave {
  Revision: number;
  Answers: ExamAnswer[];
  Flagged: number[];
}

/** As the exam's save: stored only when newer, open and in time. */
async function storePracticeSave(
  db: Database,
  attempt: PracticeRow,
  save: PracticeSave,
  now: Date,
): Promise<PracticeRow> {
  checkAnswers(PRACTICE_QUESTIONS, save.Answers);
  if (attempt.submittedAt || isLate(attempt, now) || save.Revision <= attempt.revision)
    return attempt;
  const [updated] = await db
    .update(examPracticeAttempts)
    .set({ revision: save.Revision, answers: save.Answers, flagged: save.Flagged, savedAt: now })
    .where(and(eq(examPracticeAttempts.id, attempt.id), isNull(examPracticeAttempts.submittedAt)))
    .returning();
  return updated ?? attempt;
}

/** ProjectOnLineExamine/SavePractice: the practice autosave. */
export async function savePracticeAnswers(
  db: Database,
  userId: number,
  input: { ApplyId: number } & PracticeSave,
  now: Date,
): Promise<ExamAttempt> {
  const { exam, attempt } = await requirePractice(db, userId, input.ApplyId, now);
  return practiceView(await storePracticeSave(db, attempt, input, now), exam, now);
}

/** ProjectOnLineExamine/SubmitPractice: ends the practice attempt; nothing is scored. */
export async function submitPracticeAttempt(
  db: Database,
  userId: number,
  input: { ApplyId: number; Revision?: number; Answers?: ExamAnswer[]; Flagged?: number[] },
  now: Date,
): Promise<{ Attempt: ExamAttempt }> {
  const { exam, attempt: latest } = await requirePractice(db, userId, input.ApplyId, now);
  let attempt = latest;
  if (!attempt.submittedAt && input.Answers)
    attempt = await storePracticeSave(
      db,
      attempt,
      {
        Revision: input.Revision ?? attempt.revision + 1,
        Answers: input.Answers,
        Flagged: input.Flagged ?? attempt.flagged,
      },
      now,
    );
  if (!attempt.submittedAt) {
    const [ended] = await db
      .update(examPracticeAttempts)
      .set({ submittedAt: now, submittedBy: 'candidate' })
      .where(and(eq(examPracticeAttempts.id, attempt.id), isNull(examPracticeAttempts.submittedAt)))
      .returning();
    attempt =
      ended ??
      (
        await db.select().from(examPracticeAttempts).where(eq(examPracticeAttempts.id, attempt.id))
      )[0]!;
  }
  return { Attempt: practiceView(attempt, exam, now) };
}
