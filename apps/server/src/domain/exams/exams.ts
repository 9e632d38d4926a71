import type {
  ApplyStatus,
  ExamAnswer,
  ExamAttempt,
  ExamAttemptPaper,
  ExamLeave,
  ExamQuestion,
  ExamSummary,
  LeaveEvent,
  MultipleScoring,
} from '@portal/contracts';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import {
  applications,
  examAccommodations,
  examAttempts,
  examPapers,
  examQuestions,
  examSubmissions,
  projects,
} from '../../db/schema/index.js';
import { isDeadlock, isUniqueViolation } from '../../db/errors.js';
import { APPLY_NOT_FOUND, moveApplication } from '../applications/applications.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { processCache } from '../../platform/process-cache.js';
import { beijingMinute } from '../../platform/beijing-time.js';
import { groupCommitPer } from '../../platform/group-commit.js';

/** The exam opens once the fee is paid (free projects: once the ticket is printed). */
export const EXAM_OPEN: readonly ApplyStatus[] = ['Paid', 'TicketIssued'];
/**
 * A save or submission reaching the server this long after the deadline still counts: it was
 * sent in time and spent the rest on the network (Moodle's "grace period").
 */
export const SUBMIT_GRACE_MS = 15_000;

type QuestionRow = typeof examQuestions.$inferSelect;
type PaperRow = typeof examPapers.$inferSelect;
type AttemptRow = typeof examAttempts.$inferSelect;
type ScoredQuestion = Pick<QuestionRow, 'id' | 'type' | 'answer' | 'score'>;
type SubmittedBy = NonNullable<AttemptRow['submittedBy']>;

/** Fill-in-the-blank: surrounding spaces and full-width/half-width forms do not matter. */
export function normalizeBlank(text: string): string {
  return text.normalize('NFKC').trim();
}

/** One question's points: exact choice; a multiple choice may earn half for a right subset. */
export function scoreQuestion(
  question: ScoredQuestion,
  choices: readonly string[] | undefined,
  multipleScoring: MultipleScoring = 'AllOrNothing',
): number {
  if (!choices || choices.length === 0) return 0;
  if (question.type === 'blank') {
    const given = normalizeBlank(choices[0] ?? '');
    return question.answer.some((accepted) => normalizeBlank(accepted) === given)
      ? question.score
      : 0;
  }
  const picked = new Set(choices);
  const wrong = [...picked].some((key) => !question.answer.includes(key));
  if (wrong) return 0;
  if (picked.size === question.answer.length) return question.score;
  return question.type === 'multiple' && multipleScoring === 'PartialHalf'
    ? Math.floor(question.score / 2)
    : 0;
}

export function scoreAnswers(
  questions: ScoredQuestion[],
  answers: readonly { QuestionId: number; Choices: string[] }[],
  multipleScoring: MultipleScoring = 'AllOrNothing',
): number {
  const chosen = new Map(answers.map((a) => [a.QuestionId, a.Choices]));
  return questions.reduce(
    (total, q) => total + scoreQuestion(q, chosen.get(q.id), multipleScoring),
    0,
  );
}

/** mulberry32: a small seeded generator, so an attempt's order is the same on every device. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** This attempt's order of questions and of their options (true/false keeps 对 before 错). */
export function questionsInAttemptOrder(
  questions: readonly QuestionRow[],
  seed: number,
): ExamQuestion[] {
  return shuffled(questions, seededRandom(seed)).map((q) => ({
    QuestionId: q.id,
    Type: q.type,
    Content: q.content,
    Options:
      q.type === 'judge'
        ? q.options
        : shuffled(q.options, seededRandom(seed ^ (q.id * 2654435761))),
    Score: q.score,
  }));
}

export function examClosedMessage(project: { feeInFen: number }): string {
  return project.feeInFen > 0
    ? '缴纳报名费后才能参加在线考试'
    : '审核通过并打印准考证后才能参加在线考试';
}

/** The paper is served and taken only from the exam's start time. */
function refuseBeforeStart(project: { examStartAt: Date | null }, now: Date): void {
  if (project.examStartAt && now < project.examStartAt)
    throw conflict(`考试尚未开始，开考时间为${beijingMinute(project.examStartAt)}（北京时间）`);
}

export interface Exam {
  application: typeof applications.$inferSelect;
  project: typeof projects.$inferSelect;
  paper: PaperRow;
  questions: QuestionRow[];
  attempt: AttemptRow | undefined;
  /** Extra time the organiser approved for this candidate on this paper, in percent. */
  extraTimePercent: number;
}

/** The candidate's time on a paper: its duration plus any approved extra time (合理便利). */
export function allowedSeconds(durationSeconds: number, extraTimePercent: number): number {
  return Math.round((durationSeconds * (100 + extraTimePercent)) / 100);
}

/**
 * A published paper's questions do not change during its exams: each process keeps them for a
 * minute per database, so an autosave costs two queries (the attempt with its context, the update).
 */
const QUESTION_CACHE_MS = 60_000;
const questions = (db: Database) =>
  processCache<number, QuestionRow[]>(db, 'paper questions', {
    max: 1_000,
    ttlMs: QUESTION_CACHE_MS,
  });

async function paperQuestions(db: Database, paperId: number): Promise<QuestionRow[]> {
  const cached = questions(db).get(paperId);
  if (cached) return cached;
  const rows = await db
    .select()
    .from(examQuestions)
    .where(eq(examQuestions.paperId, paperId))
    .orderBy(asc(examQuestions.sort), asc(examQuestions.id));
  questions(db).set(paperId, rows);
  return rows;
}

/** The candidate's application, its project, paper and attempt in one query. */
export async function loadExam(db: Database, userId: number, applyId: number): Promise<Exam> {
  const [row] = await db
    .select({
      application: applications,
      project: projects,
      paper: examPapers,
      attempt: examAttempts,
      extraTimePercent: examAccommodations.extraTimePercent,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .leftJoin(examPapers, eq(examPapers.projectId, projects.id))
    .leftJoin(examAttempts, eq(examAttempts.applicationId, applications.id))
    .leftJoin(
      examAccommodations,
      and(
        eq(examAccommodations.paperId, examPapers.id),
        eq(examAccommodations.userId, applications.userId),
      ),
    )
    .where(and(eq(applications.id, applyId), eq(applications.userId, userId)));
  if (!row) throw notFound(APPLY_NOT_FOUND);
  const { application, project, paper, attempt, extraTimePercent } = row;
  if (!project.hasOnlineExam) throw conflict('该项目没有在线考试');
  if (!paper) throw notFound('试卷尚未发布，请留意项目通知');
  const questions = await paperQuestions(db, paper.id);
  return {
    application,
    project,
    paper,
    questions,
    attempt: attempt ?? undefined,
    extraTimePercent: extraTimePercent ?? 0,
  };
}

const totalOf = (questions: readonly QuestionRow[]) => questions.reduce((s, q) => s + q.score, 0);

function attemptView(attempt: AttemptRow, paper: PaperRow, now: Date): ExamAttempt {
  return {
    StartedAt: attempt.startedAt.toISOString(),
    Deadline: attempt.deadlineAt.toISOString(),
    ServerTime: now.toISOString(),
    Revision: attempt.revision,
    Answers: attempt.answers,
    Flagged: attempt.flagged,
    LeaveCount: attempt.leaveCount,
    LeaveLimit: paper.leaveLimit,
    LeaveThresholdSeconds: paper.leaveThresholdSeconds,
    Leaves: attempt.leaves,
    SubmittedAt: attempt.submittedAt?.toISOString() ?? null,
    SubmittedBy: attempt.submittedBy,
    Score: attempt.score,
  };
}

const isLate = (attempt: AttemptRow, now: Date) =>
  now.getTime() > attempt.deadlineAt.getTime() + SUBMIT_GRACE_MS;

/**
 * Submits an open attempt once, whoever asks first (the candidate, the clock, the sweep, 30 tabs):
 * the conditional update lets one through; the others read what it recorded.
 */
async function finalizeAttempt(
  db: Database,
  attempt: AttemptRow,
  by: SubmittedBy,
  submittedAt: Date,
): Promise<AttemptRow> {
  const [paper] = await db.select().from(examPapers).where(eq(examPapers.id, attempt.paperId));
  const questions = await paperQuestions(db, attempt.paperId);
  try {
    return await db.transaction(async (txDb) => {
      const tx = txDb as Database;
      // Locked: a save racing the submission lands wholly before it or not at all.
      const [row] = await tx
        .select()
        .from(examAttempts)
        .where(eq(examAttempts.id, attempt.id))
        .for('update');
      if (!row || row.submittedAt) return row ?? attempt;
      const score = scoreAnswers(questions, row.answers, paper!.multipleScoring);
      const totalScore = totalOf(questions);
      const [updated] = await tx
        .update(examAttempts)
        .set({ submittedAt, submittedBy: by, score, totalScore })
        .where(eq(examAttempts.id, row.id))
        .returning();
      await tx.insert(examSubmissions).values({
        applicationId: row.applicationId,
        paperId: row.paperId,
        answers: row.answers,
        score,
        totalScore,
        submittedAt,
      });
      const [application] = await tx
        .select()
        .from(applications)
        .where(eq(applications.id, row.applicationId));
      if (application && EXAM_OPEN.includes(application.status))
        await moveApplication(tx, application, 'Finished', {
          actor: by === 'candidate' ? 'candidate' : 'system',
          now: submittedAt,
          remark: `在线考试得分 ${score}/${totalScore}`,
          set: { examScore: score },
        });
      return updated!;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [recorded] = await db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    return recorded!;
  }
}

/** On every access: an attempt whose time (and grace) ran out is submitted with what was saved. */
async function settled(db: Database, attempt: AttemptRow, now: Date): Promise<AttemptRow> {
  if (attempt.submittedAt || !isLate(attempt, now)) return attempt;
  return finalizeAttempt(db, attempt, 'deadline', attempt.deadlineAt);
}

/** The periodic sweep: submits open attempts past their deadline, whether or not a page is open. */
export async function submitExpiredAttempts(db: Database, now: Date, limit = 200): Promise<number> {
  const expired = await db
    .select()
    .from(examAttempts)
    .where(
      and(
        isNull(examAttempts.submittedAt),
        lt(examAttempts.deadlineAt, new Date(now.getTime() - SUBMIT_GRACE_MS)),
      ),
    )
    .limit(limit);
  for (const attempt of expired) await finalizeAttempt(db, attempt, 'deadline', attempt.deadlineAt);
  return expired.length;
}

/** ProjectOnLineExamine/GetExamine: the paper's facts and the attempt, no questions. */
export async function getExamSummary(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamSummary> {
  const exam = await loadExam(db, userId, applyId);
  const { application, project, paper, questions, extraTimePercent } = exam;
  const attempt = exam.attempt && (await settled(db, exam.attempt, now));
  const submission = attempt?.submittedAt
    ? attempt
    : (
        await db.select().from(examSubmissions).where(eq(examSubmissions.applicationId, applyId))
      )[0];
  if (!attempt && !submission) {
    if (!EXAM_OPEN.includes(application.status)) throw conflict(examClosedMessage(project));
    refuseBeforeStart(project, now);
  }
  return {
    ExamId: paper.id,
    ApplyId: application.id,
    Title: paper.title,
    DurationSeconds: paper.durationSeconds,
    ExtraTimePercent: extraTimePercent,
    AllowedSeconds: allowedSeconds(paper.durationSeconds, extraTimePercent),
    StartTime: project.examStartAt?.toISOString() ?? null,
    EndTime: project.examEndAt?.toISOString() ?? null,
    TotalScore: totalOf(questions),
    QuestionCount: questions.length,
    MultipleScoring: paper.multipleScoring,
    LeaveLimit: paper.leaveLimit,
    LeaveThresholdSeconds: paper.leaveThresholdSeconds,
    ServerTime: now.toISOString(),
    Attempt: attempt ? attemptView(attempt, paper, now) : null,
    Submitted: Boolean(submission),
    Score: submission?.score ?? null,
  };
}

/**
 * ProjectOnLineExamine/StartAttempt: the server's start time; a second start resumes. The deadline
 * is start + the candidate's allowed time (with any extra time), never past the window's end.
 */
export async function startExamAttempt(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamAttempt> {
  const { application, project, paper, attempt, extraTimePercent } = await loadExam(
    db,
    userId,
    applyId,
  );
  if (attempt) return attemptView(await settled(db, attempt, now), paper, now);
  const [submission] = await db
    .select({ id: examSubmissions.id })
    .from(examSubmissions)
    .where(eq(examSubmissions.applicationId, application.id));
  if (submission || !EXAM_OPEN.includes(application.status))
    throw conflict(submission ? '答卷已提交，不能再次作答' : examClosedMessage(project));
  refuseBeforeStart(project, now);
  const byDuration = now.getTime() + allowedSeconds(paper.durationSeconds, extraTimePercent) * 1000;
  const deadline = Math.min(byDuration, project.examEndAt?.getTime() ?? Infinity);
  if (deadline <= now.getTime()) throw conflict('考试已结束，不能再开始作答');
  const [created] = await db
    .insert(examAttempts)
    .values({
      applicationId: application.id,
      paperId: paper.id,
      seed: Math.floor(Math.random() * 2 ** 31),
      startedAt: now,
      deadlineAt: new Date(deadline),
    })
    .onConflictDoNothing()
    .returning();
  // Two starts at once: the one that lost the race resumes the other's attempt.
  const started =
    created ??
    (
      await db.select().from(examAttempts).where(eq(examAttempts.applicationId, application.id))
    )[0]!;
  return attemptView(started, paper, now);
}

async function requireAttempt(db: Database, userId: number, applyId: number, now: Date) {
  const exam = await loadExam(db, userId, applyId);
  if (!exam.attempt) throw conflict('请先开始答题');
  return { ...exam, attempt: await settled(db, exam.attempt, now) };
}

/** ProjectOnLineExamine/GetAttemptPaper: the questions, only once the attempt has started. */
export async function getAttemptPaper(
  db: Database,
  userId: number,
  applyId: number,
  now: Date,
): Promise<ExamAttemptPaper> {
  const { paper, questions, attempt } = await requireAttempt(db, userId, applyId, now);
  const chosen = new Map(attempt.answers.map((a) => [a.QuestionId, a.Choices]));
  const review =
    attempt.submittedAt && paper.showCorrectness
      ? questions.map((q) => {
          const earned = scoreQuestion(q, chosen.get(q.id), paper.multipleScoring);
          return { QuestionId: q.id, Correct: earned === q.score, Earned: earned };
        })
      : null;
  return {
    Title: paper.title,
    TotalScore: totalOf(questions),
    MultipleScoring: paper.multipleScoring,
    Questions: questionsInAttemptOrder(questions, attempt.seed),
    Attempt: attemptView(attempt, paper, now),
    Review: review,
  };
}

/** Every answer must belong to the paper and fit its question. */
export function checkAnswers(
  questions: readonly QuestionRow[],
  answers: readonly ExamAnswer[],
): void {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const errors: Record<string, string> = {};
  answers.forEach((answer, i) => {
    const question = byId.get(answer.QuestionId);
    if (!question) errors[`Answers.${i}.QuestionId`] = '题目不属于本试卷';
    else if (question.type === 'blank') {
      if (answer.Choices.length > 1) errors[`Answers.${i}.Choices`] = '填空题只能填写一个答案';
    } else if (answer.Choices.some((c) => !question.options.some((o) => o.Key === c)))
      errors[`Answers.${i}.Choices`] = '选项不存在';
    else if (question.type !== 'multiple' && answer.Choices.length > 1)
      errors[`Answers.${i}.Choices`] = '单选题和判断题只能选一个答案';
  });
  if (Object.keys(errors).length > 0) throw badRequest('答卷内容有误，请刷新后重新作答', errors);
}

interface AnswerSave {
  Revision: number;
  Answers: ExamAnswer[];
  Flagged: number[];
}

/** Stores a save only when its revision is newer and the attempt is open and in time. */
async function storeSave(
  db: Database,
  attempt: AttemptRow,
  save: AnswerSave,
  now: Date,
): Promise<AttemptRow> {
  if (attempt.submittedAt || isLate(attempt, now) || save.Revision <= attempt.revision)
    return attempt;
  const updated = await saveGroup(db).submit({
    attemptId: attempt.id,
    revision: save.Revision,
    answers: save.Answers,
    flagged: save.Flagged,
    savedAt: now,
  });
  if (updated) return updated;
  // A newer save (or the submission) got there first: report what is stored.
  const [stored] = await db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
  return stored!;
}

/**
 * What an autosave needs to know of an attempt that never changes once it is started: whose it
 * is, and its row and paper. Each process keeps it (per database) for as long as an exam lasts,
 * and the paper's row for as long as its questions, so the usual save is its share of one batched
 * UPDATE: no join of application, project, paper and attempt per save.
 */
interface SaveTarget {
  userId: number;
  attemptId: number;
  paperId: number;
}
const SAVE_TARGET_MS = 6 * 3600_000;
const saveTargets = (db: Database) =>
  processCache<number, SaveTarget>(db, 'save targets', {
    max: 100_000,
    ttlMs: SAVE_TARGET_MS,
  });
const papers = (db: Database) =>
  processCache<number, PaperRow>(db, 'papers', { max: 1_000, ttlMs: QUESTION_CACHE_MS });

function savedTarget(db: Database, applyId: number, userId: number): SaveTarget | undefined {
  const target = saveTargets(db).get(applyId);
  return target?.userId === userId ? target : undefined;
}

function keepTarget(db: Database, applyId: number, target: SaveTarget, paper: PaperRow): void {
  saveTargets(db).set(applyId, target);
  papers(db).set(paper.id, paper);
}

async function paperOf(db: Database, paperId: number): Promise<PaperRow | undefined> {
  const cached = papers(db).get(paperId);
  if (cached) return cached;
  const [paper] = await db.select().from(examPapers).where(eq(examPapers.id, paperId));
  if (paper) papers(db).set(paperId, paper);
  return paper;
}

/** One autosave of a known attempt, waiting for its group commit. */
interface BatchedSave {
  attemptId: number;
  revision: number;
  answers: ExamAnswer[];
  flagged: number[];
  savedAt: Date;
}

/** What the batch statement answers of each attempt it stored (the rest the save itself holds). */
interface StoredSave {
  id: number;
  application_id: number;
  paper_id: number;
  seed: number;
  started_at: Date | string;
  deadline_at: Date | string;
  leave_count: number;
  hidden_at: Date | string | null;
  leaves: ExamLeave[];
}

/**
 * The autosaves that arrive while a batch is being written go together as the next one: one
 * statement and one commit for all, each save answered only after that commit. One batch in
 * flight per process and database, so a process's batches never wait on each other's row locks.
 */
const SAVE_GROUP_COMMIT = { maxInFlight: 1, maxBatch: 500 };
const DEADLOCK_RETRIES = 3;
const saveGroup = groupCommitPer('saves', storeSaves, SAVE_GROUP_COMMIT);

/**
 * Stores a batch of saves in one UPDATE: each only when newer, open and in time (the same
 * conditions as one save's). Answers the stored row of each save, or undefined where it was not
 * stored (an older revision, a submitted or late attempt: the caller finds out why).
 */
async function storeSaves(db: Database, saves: BatchedSave[]): Promise<(AttemptRow | undefined)[]> {
  // Of two saves of one attempt in a batch only the newer can be stored; in the order of the
  // attempts, so two processes' batches lock their rows in the same order.
  const newest = new Map<number, BatchedSave>();
  for (const save of saves) {
    const kept = newest.get(save.attemptId);
    if (!kept || kept.revision < save.revision) newest.set(save.attemptId, save);
  }
  const rows = [...newest.values()]
    .sort((a, b) => a.attemptId - b.attemptId)
    .map((s) => ({
      id: s.attemptId,
      revision: s.revision,
      answers: s.answers,
      flagged: s.flagged,
      saved_at: s.savedAt,
      not_before: new Date(s.savedAt.getTime() - SUBMIT_GRACE_MS),
    }));
  const statement = sql`
    update exam_attempts as a
    set revision = v.revision, answers = v.answers, flagged = v.flagged, saved_at = v.saved_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id integer, revision integer, answers jsonb, flagged jsonb, saved_at timestamptz,
           not_before timestamptz)
    where a.id = v.id and a.submitted_at is null and a.revision < v.revision
      and a.deadline_at >= v.not_before
    returning a.id, a.application_id, a.paper_id, a.seed, a.started_at, a.deadline_at,
      a.leave_count, a.hidden_at, a.leaves`;
  let stored: StoredSave[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      stored = await queryRows<StoredSave>(db, statement);
      break;
    } catch (error) {
      // Two batches of different processes crossing on the same two attempts: one is undone.
      if (!isDeadlock(error) || attempt >= DEADLOCK_RETRIES) throw error;
    }
  }
  const byId = new Map(stored.map((row) => [row.id, row]));
  return saves.map((save) => {
    const row = byId.get(save.attemptId);
    if (!row || newest.get(save.attemptId) !== save) return undefined;
    return {
      id: row.id,
      applicationId: row.application_id,
      paperId: row.paper_id,
      seed: row.seed,
      startedAt: new Date(row.started_at),
      deadlineAt: new Date(row.deadline_at),
      revision: save.revision,
      answers: save.answers,
      flagged: save.flagged,
      savedAt: save.savedAt,
      leaveCount: row.leave_count,
      hiddenAt: row.hidden_at === null ? null : new Date(row.hidden_at),
      leaves: row.leaves,
      submittedAt: null,
      submittedBy: null,
      score: null,
      totalScore: null,
    };
  });
}

/** ProjectOnLineExamine/SaveAnswers: the autosave. */
export async function saveExamAnswers(
  db: Database,
  userId: number,
  input: { ApplyId: number } & AnswerSave,
  now: Date,
): Promise<ExamAttempt> {
  const known = savedTarget(db, input.ApplyId, userId);
  const knownPaper = known && (await paperOf(db, known.paperId));
  if (known && knownPaper) {
    checkAnswers(await paperQuestions(db, known.paperId), input.Answers);
    // Stored (and committed) only when newer, open and in time; otherwise the full path below
    // says why.
    const updated = await saveGroup(db).submit({
      attemptId: known.attemptId,
      revision: input.Revision,
      answers: input.Answers,
      flagged: input.Flagged,
      savedAt: now,
    });
    if (updated) return attemptView(updated, knownPaper, now);
  }
  const { paper, questions, attempt } = await requireAttempt(db, userId, input.ApplyId, now);
  checkAnswers(questions, input.Answers);
  keepTarget(db, input.ApplyId, { userId, attemptId: attempt.id, paperId: paper.id }, paper);
  return attemptView(await storeSave(db, attempt, input, now), paper, now);
}

/** The leave log keeps every counted absence and at most this many entries in all. */
const LEAVE_LOG_MAX = 100;

/** The log with one more absence: past its size, the oldest uncounted one goes. */
function loggedLeaves(leaves: readonly ExamLeave[], entry: ExamLeave): ExamLeave[] {
  const next = [...leaves, entry];
  while (next.length > LEAVE_LOG_MAX) {
    const uncounted = next.findIndex((leave) => !leave.Counted);
    if (uncounted < 0) break;
    next.splice(uncounted, 1);
  }
  return next;
}

/**
 * One absence as the server judges it: its length on the server's clock, in whole seconds
 * rounded up, so "超过 5 秒" and the seconds shown agree; counted past the paper's threshold.
 */
export function judgeLeave(hiddenAt: Date, backAt: Date, thresholdSeconds: number): ExamLeave {
  const seconds = Math.max(0, Math.ceil((backAt.getTime() - hiddenAt.getTime()) / 1000));
  return {
    HiddenAt: hiddenAt.toISOString(),
    BackAt: backAt.toISOString(),
    Seconds: seconds,
    Counted: seconds > thresholdSeconds,
  };
}

/**
 * ProjectOnLineExamine/ReportLeave. The page reports Hidden when it goes out of view and Back when
 * it returns (a reloaded page reports Back as it opens the attempt); the server stamps both with
 * its own clock, so a page can neither shorten nor lengthen an absence, only leave it unreported.
 * A later Hidden replaces an unreturned one (a closing page's report may arrive after the
 * reloaded page's Back). Counted absences past the paper's leave limit submit the attempt.
 */
export async function reportExamLeave(
  db: Database,
  userId: number,
  input: { ApplyId: number; Event: LeaveEvent },
  now: Date,
): Promise<ExamAttempt> {
  const { paper, attempt } = await requireAttempt(db, userId, input.ApplyId, now);
  if (attempt.submittedAt) return attemptView(attempt, paper, now);
  const open = and(eq(examAttempts.id, attempt.id), isNull(examAttempts.submittedAt));
  if (input.Event === 'Hidden') {
    const [hidden] = await db.update(examAttempts).set({ hiddenAt: now }).where(open).returning();
    return attemptView(hidden ?? attempt, paper, now);
  }
  if (!attempt.hiddenAt) return attemptView(attempt, paper, now);
  const leave = judgeLeave(attempt.hiddenAt, now, paper.leaveThresholdSeconds);
  // Only if nothing reported in between: two Backs of one absence log it once.
  const [judged] = await db
    .update(examAttempts)
    .set({
      hiddenAt: null,
      leaves: loggedLeaves(attempt.leaves, leave),
      leaveCount: sql`${examAttempts.leaveCount} + ${leave.Counted ? 1 : 0}`,
    })
    .where(and(open, eq(examAttempts.hiddenAt, attempt.hiddenAt)))
    .returning();
  if (!judged) {
    const [stored] = await db.select().from(examAttempts).where(eq(examAttempts.id, attempt.id));
    return attemptView(stored!, paper, now);
  }
  if (leave.Counted && paper.leaveLimit !== null && judged.leaveCount > paper.leaveLimit)
    return attemptView(await finalizeAttempt(db, judged, 'leaveLimit', now), paper, now);
  return attemptView(judged, paper, now);
}

/**
 * ProjectOnLineExamine/SubmitAnswer (§7): submits the attempt, idempotently. Answers sent with it
 * are a last save; in the grace after the deadline they still count, after it the saved ones do.
 */
export async function submitExamAttempt(
  db: Database,
  userId: number,
  input: { ApplyId: number; Revision?: number; Answers?: ExamAnswer[]; Flagged?: number[] },
  now: Date,
): Promise<{ Score: number; TotalScore: number; Attempt: ExamAttempt }> {
  const exam = await loadExam(db, userId, input.ApplyId);
  if (!exam.attempt) throw conflict('请先开始答题');
  const { paper, questions } = exam;
  let attempt = exam.attempt;
  if (!attempt.submittedAt && input.Answers) {
    checkAnswers(questions, input.Answers);
    attempt = await storeSave(
      db,
      attempt,
      {
        Revision: input.Revision ?? attempt.revision + 1,
        Answers: input.Answers,
        Flagged: input.Flagged ?? attempt.flagged,
      },
      now,
    );
  }
  if (!attempt.submittedAt)
    attempt = isLate(attempt, now)
      ? await finalizeAttempt(db, attempt, 'deadline', attempt.deadlineAt)
      : await finalizeAttempt(db, attempt, 'candidate', now);
  return {
    Score: attempt.score ?? 0,
    TotalScore: attempt.totalScore ?? totalOf(questions),
    Attempt: attemptView(attempt, paper, now),
  };
}
