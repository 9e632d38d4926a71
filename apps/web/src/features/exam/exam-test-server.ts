import {
  getAttemptPaper,
  getExamine,
  getPractice,
  getPracticePaper,
  reportLeave,
  saveAnswers,
  savePractice,
  startAttempt,
  startPractice,
  submitAnswer,
  submitPractice,
  type ExamAnswer,
  type ExamAttempt,
  type ExamQuestion,
} from '@portal/contracts';
import { fakeServer } from '../testing/fake-server';

export const MINUTE = 60_000;

/** In the attempt's (shuffled) order: option keys are not A, B, C in the order shown. */
export const QUESTIONS: ExamQuestion[] = [
  {
    QuestionId: 11,
    Type: 'single',
    Content: '劳动合同期限三个月以上不满一年的，试用期不得超过多久？',
    Options: [
      { Key: 'B', Text: '两个月' },
      { Key: 'A', Text: '一个月' },
    ],
    Score: 4,
  },
  {
    QuestionId: 12,
    Type: 'multiple',
    Content: '下列哪些属于社会保险？',
    Options: [
      { Key: 'C', Text: '医疗保险' },
      { Key: 'A', Text: '养老保险' },
      { Key: 'B', Text: '商业保险' },
    ],
    Score: 4,
  },
  { QuestionId: 13, Type: 'blank', Content: '火警电话是（  ）。', Options: [], Score: 2 },
];

export const PRACTICE_TITLE = '练习卷（熟悉考试界面，不计分）';
export const PRACTICE_QUESTIONS: ExamQuestion[] = [
  {
    QuestionId: 1,
    Type: 'single',
    Content: '考试中网络突然断开，已作答的答案会怎样？',
    Options: [
      { Key: 'A', Text: '全部丢失' },
      { Key: 'B', Text: '先保存在本机，恢复网络后自动同步' },
    ],
    Score: 0,
  },
  { QuestionId: 4, Type: 'blank', Content: '请输入“练习”二字。', Options: [], Score: 0 },
];

/**
 * The exam calls as the server answers them, in memory: its own clock, the attempt, revisions
 * (an older save changes nothing) and one submission whatever the number of requests.
 */
export function examServer(
  options: { serverNow?: () => number; leaveLimit?: number | null; extraTimePercent?: number } = {},
) {
  const serverNow = options.serverNow ?? Date.now;
  const extra = options.extraTimePercent ?? 0;
  const allowedMs = 60 * MINUTE * (1 + extra / 100);
  let hiddenAt: number | null = null;
  let attempt: Omit<ExamAttempt, 'ServerTime'> | null = null;
  let practice: Omit<ExamAttempt, 'ServerTime'> | null = null;
  let practices = 0;
  const practiceView = (): ExamAttempt => ({
    ...practice!,
    ServerTime: new Date(serverNow()).toISOString(),
  });
  const view = (): ExamAttempt => ({
    ...attempt!,
    ServerTime: new Date(serverNow()).toISOString(),
  });
  const score = (answers: ExamAnswer[]) => (answers.some((a) => a.QuestionId === 11) ? 4 : 0);
  const finish = (by: 'candidate' | 'deadline') => {
    if (!attempt || attempt.SubmittedAt) return;
    attempt.SubmittedAt = new Date(serverNow()).toISOString();
    attempt.SubmittedBy = by;
    attempt.Score = score(attempt.Answers);
  };
  const store = (save: { Revision?: number; Answers?: ExamAnswer[]; Flagged?: number[] }) => {
    if (!attempt || attempt.SubmittedAt || !save.Answers || !save.Revision) return;
    if (save.Revision <= attempt.Revision) return;
    attempt.Revision = save.Revision;
    attempt.Answers = save.Answers;
    attempt.Flagged = save.Flagged ?? [];
  };
  const server = fakeServer()
    .on(getExamine, () => ({
      ExamId: 1,
      ApplyId: 7,
      Title: '企业人力资源管理师（三级）在线考试',
      DurationSeconds: 3600,
      ExtraTimePercent: extra,
      AllowedSeconds: allowedMs / 1000,
      StartTime: null,
      EndTime: null,
      TotalScore: 10,
      QuestionCount: QUESTIONS.length,
      MultipleScoring: 'AllOrNothing' as const,
      LeaveLimit: options.leaveLimit ?? null,
      LeaveThresholdSeconds: 5,
      ServerTime: new Date(serverNow()).toISOString(),
      Attempt: attempt ? view() : null,
      Submitted: Boolean(attempt?.SubmittedAt),
      Score: attempt?.Score ?? null,
    }))
    .on(startAttempt, () => {
      attempt ??= {
        StartedAt: new Date(serverNow()).toISOString(),
        Deadline: new Date(serverNow() + allowedMs).toISOString(),
        Revision: 0,
        Answers: [],
        Flagged: [],
        LeaveCount: 0,
        LeaveLimit: options.leaveLimit ?? null,
        LeaveThresholdSeconds: 5,
        Leaves: [],
        SubmittedAt: null,
        SubmittedBy: null,
        Score: null,
      };
      return view();
    })
    .on(getAttemptPaper, () => ({
      Title: '企业人力资源管理师（三级）在线考试',
      TotalScore: 10,
      MultipleScoring: 'AllOrNothing' as const,
      Questions: QUESTIONS,
      Attempt: view(),
      Review: attempt?.SubmittedAt
        ? QUESTIONS.map((q) => ({
            QuestionId: q.QuestionId,
            Correct: q.QuestionId === 11,
            Earned: q.QuestionId === 11 ? 4 : 0,
          }))
        : null,
    }))
    .on(saveAnswers, (input) => {
      store(input as Parameters<typeof store>[0]);
      return view();
    })
    // Judged as the server does: by its own clock, counted past the 5-second threshold.
    .on(reportLeave, (input) => {
      const now = serverNow();
      if (input.Event === 'Hidden') hiddenAt = now;
      else if (hiddenAt !== null) {
        const seconds = Math.ceil((now - hiddenAt) / 1000);
        const counted = seconds > 5;
        attempt!.Leaves = [
          ...attempt!.Leaves,
          {
            HiddenAt: new Date(hiddenAt).toISOString(),
            BackAt: new Date(now).toISOString(),
            Seconds: seconds,
            Counted: counted,
          },
        ];
        if (counted) attempt!.LeaveCount += 1;
        hiddenAt = null;
      }
      return view();
    })
    .on(submitAnswer, (input) => {
      store(input as Parameters<typeof store>[0]);
      finish('candidate');
      return { Score: attempt!.Score!, TotalScore: 10, Attempt: view() };
    })
    // The practice (issue 30, point 19): its own attempts, each started anew after a submission.
    .on(getPractice, () => ({
      ExamId: 1,
      ApplyId: 7,
      Title: PRACTICE_TITLE,
      DurationSeconds: 600,
      ExtraTimePercent: 0,
      AllowedSeconds: 600,
      StartTime: null,
      EndTime: null,
      TotalScore: 0,
      QuestionCount: PRACTICE_QUESTIONS.length,
      MultipleScoring: 'AllOrNothing' as const,
      LeaveLimit: null,
      LeaveThresholdSeconds: 5,
      ServerTime: new Date(serverNow()).toISOString(),
      Attempt: practice && !practice.SubmittedAt ? practiceView() : null,
      Submitted: false,
      Score: null,
    }))
    .on(startPractice, () => {
      if (!practice || practice.SubmittedAt) {
        practices += 1;
        practice = {
          StartedAt: new Date(serverNow()).toISOString(),
          Deadline: new Date(serverNow() + 10 * MINUTE).toISOString(),
          Revision: 0,
          Answers: [],
          Flagged: [],
          LeaveCount: 0,
          LeaveLimit: null,
          LeaveThresholdSeconds: 5,
          Leaves: [],
          SubmittedAt: null,
          SubmittedBy: null,
          Score: null,
        };
      }
      return practiceView();
    })
    .on(getPracticePaper, () => ({
      Title: PRACTICE_TITLE,
      TotalScore: 0,
      MultipleScoring: 'AllOrNothing' as const,
      Questions: PRACTICE_QUESTIONS,
      Attempt: practiceView(),
      Review: null,
    }))
    .on(savePractice, (input) => {
      if (practice && !practice.SubmittedAt && input.Revision > practice.Revision) {
        practice.Revision = input.Revision;
        practice.Answers = input.Answers;
      }
      return practiceView();
    })
    .on(submitPractice, (input) => {
      if (practice && !practice.SubmittedAt) {
        if (input.Answers) practice.Answers = input.Answers;
        practice.SubmittedAt = new Date(serverNow()).toISOString();
        practice.SubmittedBy = 'candidate';
      }
      return { Attempt: practiceView() };
    });
  return {
    server,
    get attempt() {
      return attempt;
    },
    get practice() {
      return practice;
    },
    /** How many practice attempts were started. */
    get practices() {
      return practices;
    },
    /** Starts the attempt as another device did, `ago` milliseconds earlier on the server. */
    startedAgo(ago: number, answers: ExamAnswer[] = [], revision = answers.length) {
      attempt = {
        StartedAt: new Date(serverNow() - ago).toISOString(),
        Deadline: new Date(serverNow() - ago + 60 * MINUTE).toISOString(),
        Revision: revision,
        Answers: answers,
        Flagged: [],
        LeaveCount: 0,
        LeaveLimit: null,
        LeaveThresholdSeconds: 5,
        Leaves: [],
        SubmittedAt: null,
        SubmittedBy: null,
        Score: null,
      };
    },
    finish,
  };
}
