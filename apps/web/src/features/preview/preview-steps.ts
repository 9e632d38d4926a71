import type { ApplyStatus, NextAction } from '@portal/contracts';
import { paths, PREVIEW_FRAME_PARAM } from '../../platform';

/** The preview's step switcher: what a candidate meets, in the order they meet it. */
export const PREVIEW_STEPS = [
  { key: 'notice', title: '项目公告' },
  { key: 'project', title: '项目与岗位' },
  { key: 'form', title: '报名表' },
  { key: 'apply', title: '报名状态' },
  { key: 'ticket', title: '准考证' },
] as const;
export type PreviewStep = (typeof PREVIEW_STEPS)[number]['key'];

export function previewStepOf(value: string | null): PreviewStep {
  return PREVIEW_STEPS.find((s) => s.key === value)?.key ?? 'notice';
}

/** The application states the "报名状态" step can show, as a candidate would see them. */
export const PREVIEW_STATUSES: readonly ApplyStatus[] = [
  'Submitted',
  'Returned',
  'Approved',
  'Paid',
  'TicketIssued',
  'Finished',
];

/** /views/flowPreview for a project and step; `frame` shows it in the mobile layout (the phone frame). */
export function previewPath(
  projectId: number,
  step: PreviewStep,
  options: { frame?: 'mobile'; status?: ApplyStatus } = {},
): string {
  return paths.flowPreview({
    ProjectId: projectId,
    Step: step,
    Status: options.status,
    [PREVIEW_FRAME_PARAM]: options.frame,
  });
}

/** What the candidate's one button says at each next action. */
export const NEXT_ACTION_TEXT: Record<NextAction, string> = {
  apply: '立即报名',
  modify: '修改报名信息',
  'wait-review': '等待审核',
  pay: '去缴费',
  print: '打印准考证',
  exam: '参加考试',
  result: '查看成绩',
  none: '无需操作',
};

export const PREVIEW_BANNER = '预览模式 · 不会产生真实报名';
