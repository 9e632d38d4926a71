import type { FlowView, NextAction, ProjectDetail } from '@portal/contracts';
import { PROJECT_STATE_TEXT } from '@portal/contracts';
import { paths } from '../../platform';

/** The one thing the candidate should do next, as the bottom button says and does. */
export type NextStep =
  | { kind: 'go'; label: string; to: string }
  /** `to`: where applying starts, for a tap before the page's scripts run (NextStepForm). */
  | { kind: 'sign-in'; label: string; to: string }
  | { kind: 'wait'; label: string };

const WAIT_TEXT: Partial<Record<NextAction, string>> = { 'wait-review': '等待审核' };

/**
 * Anonymous: apply means sign in first; signed in: the server's NextAction decides. On a phone
 * applying starts with the position list; the desktop form has the position in it.
 */
export function nextStepOf(
  project: ProjectDetail,
  flow: FlowView | undefined,
  signedIn: boolean,
  layout: 'mobile' | 'desktop' = 'mobile',
): NextStep {
  const applying = project.State === 'Applying';
  if (!signedIn) {
    return applying
      ? { kind: 'sign-in', label: '立即报名', to: applyingStartsAt(project.ProjectId, layout) }
      : { kind: 'wait', label: `报名${PROJECT_STATE_TEXT[project.State]}` };
  }
  if (!flow) return { kind: 'wait', label: '加载中…' };
  return flowNextStep(
    project.ProjectId,
    flow,
    layout,
    applying ? '暂无可办理事项' : `报名${PROJECT_STATE_TEXT[project.State]}`,
  );
}

function applyingStartsAt(projectId: number, layout: 'mobile' | 'desktop'): string {
  return layout === 'desktop'
    ? paths.apply({ ProjectId: projectId })
    : paths.position({ ProjectId: projectId });
}

/** The signed-in candidate's next step in one project's flow (the server's NextAction); `idle` when there is none. */
export function flowNextStep(
  projectId: number,
  flow: FlowView,
  layout: 'mobile' | 'desktop',
  idle = '暂无可办理事项',
): NextStep {
  const apply = flow.Apply;
  switch (flow.NextAction) {
    case 'apply':
      return { kind: 'go', label: '立即报名', to: applyingStartsAt(projectId, layout) };
    case 'modify':
      return {
        kind: 'go',
        label: '修改报名信息',
        to: paths.apply({ ProjectId: projectId }),
      };
    case 'pay':
      return { kind: 'go', label: '去缴费', to: paths.payment({ ApplyId: apply?.ApplyId ?? 0 }) };
    case 'print':
      return {
        kind: 'go',
        label: '打印准考证',
        to: paths.print({ ApplyId: apply?.ApplyId ?? 0 }),
      };
    case 'exam':
      return {
        kind: 'go',
        label: '参加考试',
        to: paths.onlineExam({ ProjectId: projectId, ApplyId: apply?.ApplyId }),
      };
    case 'result':
      // The score is said by its own page, with 复核 (issue 30, point 18).
      return { kind: 'go', label: '查看成绩', to: paths.score({ ApplyId: apply?.ApplyId ?? 0 }) };
    default:
      return {
        kind: 'wait',
        label: WAIT_TEXT[flow.NextAction] ?? idle,
      };
  }
}

/** The ticket beside a next step that is something else: printed yet or not. */
export interface TicketLink {
  to: string;
  label: '打印准考证' | '查看准考证';
}

/**
 * The way to a ticket open for print beside a next step that is something else (参加考试 — an
 * online exam needs no printed ticket —, 报名已截止 …): 打印准考证 until it is first printed,
 * 查看准考证 after; null when the main button prints it or it is no longer valid.
 */
export function ticketLinkOf(flow: FlowView | undefined): TicketLink | null {
  const apply = flow?.Apply;
  if (!apply?.TicketPrintable || flow?.NextAction === 'print') return null;
  const printed = apply.Status === 'TicketIssued' || apply.Status === 'Finished';
  return {
    to: paths.print({ ApplyId: apply.ApplyId }),
    label: printed ? '查看准考证' : '打印准考证',
  };
}

/** The receipts an application has: its submission's, and its online exam's once submitted. */
export function receiptLinksOf(flow: FlowView | undefined): { to: string; label: string }[] {
  const apply = flow?.Apply;
  if (!apply?.SubmitTime || apply.Status === 'Draft') return [];
  const links = [
    { to: paths.receipt({ ApplyId: apply.ApplyId, Kind: 'Apply' }), label: '报名回执' },
  ];
  if (apply.HasOnlineExam && apply.Status === 'Finished')
    links.push({ to: paths.receipt({ ApplyId: apply.ApplyId, Kind: 'Exam' }), label: '考试回执' });
  return links;
}
