import type {
  ApplyStatus,
  ApplySummary,
  FlowStepKey,
  FlowView,
  NextAction,
  ProjectState,
} from '@portal/contracts';
import type { Database } from '../../db/client.js';
import { findApplication, ticketOpened, toApplySummary } from './applications.js';
import { beijingMinute } from '../../platform/beijing-time.js';
import { deriveProjectState, requireProject } from '../projects/projects.js';
import { publishedScore } from '../scores/published.js';

type StepState = FlowView['Steps'][number]['State'];
interface FlowFacts {
  projectState: ProjectState;
  feeInFen: number;
  hasOnlineExam: boolean;
  status: ApplyStatus | null;
  reviewRemark: string | null;
  examScore: number | null;
  /** When the project's tickets open, while that is still to come (projects.ticket_opens_at). */
  ticketOpensLater?: Date | null;
}

const TITLES: Record<FlowStepKey, string> = {
  apply: '提交报名',
  review: '资格审核',
  pay: '缴纳费用',
  print: '打印准考证',
  exam: '参加考试',
  result: '考试结果',
};

/** How far each status has come: the index of the step that is current in it. */
const CURRENT_STEP: Record<ApplyStatus, FlowStepKey> = {
  Draft: 'apply',
  Submitted: 'review',
  UnderReview: 'review',
  Returned: 'review',
  Rejected: 'review',
  Approved: 'pay',
  Paid: 'print',
  TicketIssued: 'exam',
  Finished: 'result',
  // Withdrawn: back at the start, applied again while the window is open.
  Withdrawn: 'apply',
};

/**
 * The six steps of the flow and the one next thing to do. Pay is skipped for a free project; a
 * venue exam keeps its exam step (it is sat at the venue, not skipped — issue 30, point 11).
 */
export function buildFlow(facts: FlowFacts): Pick<FlowView, 'Steps' | 'NextAction'> {
  const skipped = new Set<FlowStepKey>();
  if (facts.feeInFen === 0) skipped.add('pay');
  const order = (['apply', 'review', 'pay', 'print', 'exam', 'result'] as const).filter(
    (k) => !skipped.has(k),
  );
  const status = facts.status;
  let current: FlowStepKey = status ? CURRENT_STEP[status] : 'apply';
  // A skipped step hands "current" to the next one that is not skipped.
  const all = ['apply', 'review', 'pay', 'print', 'exam', 'result'] as const;
  while (skipped.has(current)) current = all[all.indexOf(current) + 1]!;
  const currentIndex = order.indexOf(current);
  const finished = status === 'Finished';
  const failed =
    status === 'Rejected' || status === 'Returned' ? ('review' as FlowStepKey) : undefined;

  const steps = all.map((key) => {
    let state: StepState;
    if (skipped.has(key)) state = 'skipped';
    else if (key === failed) state = 'failed';
    else if (order.indexOf(key) < currentIndex || (finished && key === 'result')) state = 'done';
    else if (key === current) state = 'current';
    else state = 'waiting';
    return { Key: key, Title: TITLES[key], State: state, Description: describe(key, state, facts) };
  });
  return { Steps: steps, NextAction: nextAction(facts, current) };
}

function nextAction(facts: FlowFacts, current: FlowStepKey): NextAction {
  switch (facts.status) {
    case null:
    case 'Withdrawn':
      return facts.projectState === 'Applying' ? 'apply' : 'none';
    case 'Draft':
    case 'Returned':
      return 'modify';
    case 'Submitted':
    case 'UnderReview':
      return 'wait-review';
    case 'Rejected':
      return 'none';
    case 'Finished':
      return 'result';
    default:
      if (current === 'pay') return 'pay';
      // An online exam is entered with the account, not the paper: the ticket waits beside it.
      if (current === 'print') {
        if (facts.hasOnlineExam) return 'exam';
        // Nothing to print yet: the step says when, and an SMS tells the candidate then.
        return facts.ticketOpensLater ? 'none' : 'print';
      }
      // Ticket issued, the exam is offline: nothing to do here until the day.
      if (current === 'exam') return facts.hasOnlineExam ? 'exam' : 'none';
      return 'none';
  }
}

function describe(key: FlowStepKey, state: StepState, facts: FlowFacts): string {
  if (state === 'skipped') return '本项目免费报名，无需缴费';
  switch (key) {
    case 'apply':
      if (facts.status === 'Withdrawn')
        return facts.projectState === 'Applying'
          ? '报名已撤回；报名时间内可重新报名'
          : '报名已撤回，报名时间已过，不能再报名';
      return state === 'done' ? '报名信息已提交' : '填写报名表并提交';
    case 'review':
      if (facts.status === 'Returned')
        return `报名被退回修改：${facts.reviewRemark ?? '请按要求修改后重新提交'}`;
      if (facts.status === 'Rejected')
        return `审核未通过：${facts.reviewRemark ?? '不符合报考条件'}`;
      return state === 'done'
        ? '资格审核已通过'
        : state === 'current'
          ? '报名信息审核中，请耐心等待'
          : '提交后由主办方审核';
    case 'pay': {
      const fee = `报名费 ${(facts.feeInFen / 100).toFixed(2)} 元`;
      if (state === 'done') return '报名费已缴纳';
      return state === 'current' ? `审核已通过，请缴纳${fee}` : `${fee}，审核通过后缴纳`;
    }
    case 'print':
      if (state === 'done') return '准考证已生成，考试结束前可随时再次打印';
      if (state === 'current' && facts.ticketOpensLater && !facts.hasOnlineExam)
        return `准考证将于 ${beijingMinute(facts.ticketOpensLater)} 起开放打印，届时将短信通知您`;
      if (state === 'current')
        return facts.hasOnlineExam
          ? '准考证已开放打印；在线考试无需打印准考证，可直接参加'
          : '准考证已开放打印，请打印并妥善保管';
      return facts.feeInFen === 0 ? '审核通过后可打印准考证' : '缴费成功后可打印准考证';
    case 'exam':
      if (!facts.hasOnlineExam)
        return state === 'done' ? '已参加考试' : '线下考试，请按准考证时间到考点参加';
      return state === 'done' ? '答卷已提交' : '按准考证时间参加在线考试';
    case 'result':
      // The score itself is shown once, by the page's result action.
      if (state === 'done') return facts.examScore !== null ? '成绩已公布' : '流程已完成';
      return '考试结束后公布';
  }
}

export async function getFlowView(
  db: Database,
  user: { userId: number; tenantId: number },
  projectId: number,
  now: Date,
): Promise<FlowView> {
  const project = await requireProject(db, projectId, user.tenantId);
  const row = await findApplication(db, user.userId, projectId);
  const apply: ApplySummary | null = row ? await toApplySummary(db, row, now) : null;
  const flow = buildFlow({
    projectState: deriveProjectState(project, now),
    feeInFen: project.feeInFen,
    hasOnlineExam: project.hasOnlineExam,
    status: row?.status ?? null,
    reviewRemark: row?.reviewRemark ?? null,
    examScore: publishedScore(row?.examScore ?? null, project, now),
    ticketOpensLater: ticketOpened(project, now) ? null : project.ticketOpensAt,
  });
  return { ProjectId: projectId, Apply: apply, ...flow };
}
