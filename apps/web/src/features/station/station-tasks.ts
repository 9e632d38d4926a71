import type { ApplySummary, ExamSummary, PaymentOrder } from '@portal/contracts';
import { paths } from '../../platform';
import { formatDate } from '../../shared/date';
import { formatFee } from '../../shared/money';

/** An exam counts as "starting soon" this long before it opens. */
export const EXAM_SOON_MS = 7 * 24 * 3600 * 1000;

export type StationTaskKind = 'returned' | 'pay' | 'print' | 'exam' | 'message';

/** One thing the signed-in person should do now, and the one click that does it. */
export interface StationTask {
  key: string;
  kind: StationTaskKind;
  title: string;
  detail: string;
  action: { label: string; to: string };
}

export const STATION_KIND_TEXT: Record<StationTaskKind, string> = {
  returned: '退回修改',
  pay: '待缴费',
  print: '待打印准考证',
  exam: '在线考试',
  message: '未读消息',
};

const TIME = 'YYYY-MM-DD HH:mm';

/** Open now (no end passed, start reached), or opening within EXAM_SOON_MS; never once submitted. */
export function examWindow(exam: ExamSummary): 'open' | 'soon' | null {
  if (exam.Submitted) return null;
  const now = Date.parse(exam.ServerTime);
  if (exam.EndTime && Date.parse(exam.EndTime) <= now) return null;
  if (!exam.StartTime || Date.parse(exam.StartTime) <= now) return 'open';
  return Date.parse(exam.StartTime) - now <= EXAM_SOON_MS ? 'soon' : null;
}

/**
 * The workbench's list from what the server says of the person: returned applications, unpaid
 * fees (a pending order, or an approved application with a fee and no order yet), tickets to
 * print, exams open or starting soon, and unread messages — the most urgent first.
 */
export function stationTasks({
  applies,
  orders,
  exams,
  unread,
}: {
  applies: readonly ApplySummary[];
  orders: readonly PaymentOrder[];
  exams: readonly ExamSummary[];
  unread: number;
}): StationTask[] {
  const tasks: StationTask[] = [];
  for (const a of applies)
    if (a.Status === 'Returned')
      tasks.push({
        key: `returned-${a.ApplyId}`,
        kind: 'returned',
        title: a.ProjectTitle,
        detail: a.ReviewRemark ? `审核意见：${a.ReviewRemark}` : '报名被退回，请修改后重新提交',
        action: { label: '修改报名信息', to: paths.apply({ ProjectId: a.ProjectId }) },
      });

  const pending = orders.filter((o) => o.Status === 'Pending');
  const ordered = new Set(pending.map((o) => o.ApplyId));
  for (const o of pending)
    tasks.push({
      key: `order-${o.OrderId}`,
      kind: 'pay',
      title: o.ProjectTitle,
      detail: `订单号 ${o.OrderNo}，应付 ${formatFee(o.AmountInFen)}，下单于 ${formatDate(o.CreateTime, TIME)}`,
      action: { label: '去支付', to: paths.payment({ ApplyId: o.ApplyId }) },
    });
  for (const a of applies)
    if (a.Status === 'Approved' && a.FeeInFen > 0 && !ordered.has(a.ApplyId))
      tasks.push({
        key: `pay-${a.ApplyId}`,
        kind: 'pay',
        title: a.ProjectTitle,
        detail: `审核已通过，请缴纳报名费 ${formatFee(a.FeeInFen)}`,
        action: { label: '去缴费', to: paths.payment({ ApplyId: a.ApplyId }) },
      });

  for (const a of applies)
    if (a.Status === 'Paid')
      tasks.push({
        key: `print-${a.ApplyId}`,
        kind: 'print',
        title: a.ProjectTitle,
        detail: '已缴费，准考证可以打印了',
        action: { label: '打印准考证', to: paths.print({ ApplyId: a.ApplyId }) },
      });

  const byApply = new Map(applies.map((a) => [a.ApplyId, a]));
  for (const exam of exams) {
    const window = examWindow(exam);
    const apply = byApply.get(exam.ApplyId);
    if (!window || !apply) continue;
    tasks.push({
      key: `exam-${exam.ApplyId}`,
      kind: 'exam',
      title: exam.Title,
      detail:
        window === 'open'
          ? `考试已开放${exam.EndTime ? `，${formatDate(exam.EndTime, TIME)} 截止` : ''}`
          : `${formatDate(exam.StartTime, TIME)} 开考`,
      action: {
        label: window === 'open' ? '参加考试' : '查看考试',
        to: paths.onlineExam({ ProjectId: apply.ProjectId, ApplyId: apply.ApplyId }),
      },
    });
  }

  if (unread > 0)
    tasks.push({
      key: 'messages',
      kind: 'message',
      title: `${unread} 条未读消息`,
      detail: '审核结果、缴费和考试安排会通过消息通知您',
      action: { label: '查看消息', to: paths.notice({ tab: 'message' }) },
    });
  return tasks;
}
