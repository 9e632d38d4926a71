import type { ApplySummary, PaymentOrder } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from '../../platform';
import { examSummary } from '../testing/fixtures';
import { examWindow, stationTasks } from './station-tasks';

const NOW = '2026-11-20T08:00:00.000Z';

function apply(id: number, status: ApplySummary['Status'], more: Partial<ApplySummary> = {}) {
  return {
    ApplyId: id,
    ProjectId: 100 + id,
    ProjectTitle: `项目${id}`,
    PositionId: 1,
    PositionName: '岗位',
    Status: status,
    ReviewRemark: null,
    SubmitTime: NOW,
    UpdateTime: NOW,
    FeeInFen: 5600,
    OrderId: null,
    HasOnlineExam: false,
    ExamScore: null,
    TicketPrintable: false,
    CanWithdraw: false,
    CanChangePosition: false,
    ...more,
  } satisfies ApplySummary;
}

function order(applyId: number, status: PaymentOrder['Status']): PaymentOrder {
  return {
    OrderId: 900 + applyId,
    OrderNo: `P${applyId}`,
    ApplyId: applyId,
    ProjectId: 100 + applyId,
    ProjectTitle: `项目${applyId}`,
    AmountInFen: 5600,
    Provider: null,
    Channel: null,
    Status: status,
    CreateTime: NOW,
    PaidTime: status === 'Paid' ? NOW : null,
    PayUrl: status === 'Paid' ? '' : 'https://pay.example/cashier',
    CanRefund: false,
    RefundPolicy: { Refundable: false, RefundUntil: null },
    RefundRequestTime: null,
    RefundTime: null,
  };
}

function exam(applyId: number, start: string | null, end: string | null, submitted = false) {
  return examSummary({
    ApplyId: applyId,
    StartTime: start,
    EndTime: end,
    ServerTime: NOW,
    Submitted: submitted,
  });
}

describe('the workbench lists what needs doing now', () => {
  it('a returned application leads to its form with the reviewer’s remark', () => {
    const [task] = stationTasks({
      applies: [apply(1, 'Returned', { ReviewRemark: '证件照不清晰' })],
      orders: [],
      exams: [],
      unread: 0,
    });
    expect(task).toMatchObject({
      kind: 'returned',
      detail: '审核意见：证件照不清晰',
      action: { label: '修改报名信息', to: paths.apply({ ProjectId: 101 }) },
    });
  });

  it('an approved fee with no order and a pending order are each listed once; paid and free ones are not', () => {
    const tasks = stationTasks({
      applies: [
        apply(1, 'Approved'),
        apply(2, 'Approved'),
        apply(3, 'Approved', { FeeInFen: 0 }),
        apply(4, 'Submitted'),
      ],
      orders: [order(2, 'Pending'), order(5, 'Paid')],
      exams: [],
      unread: 0,
    });
    expect(tasks.map((t) => [t.kind, t.action.label, t.action.to])).toEqual([
      ['pay', '去支付', paths.payment({ ApplyId: 2 })],
      ['pay', '去缴费', paths.payment({ ApplyId: 1 })],
    ]);
    expect(tasks[0]!.detail).toContain('订单号 P2');
  });

  it('a paid application’s ticket is to print; unread messages lead to the messages', () => {
    const tasks = stationTasks({
      applies: [apply(1, 'Paid'), apply(2, 'TicketIssued')],
      orders: [],
      exams: [],
      unread: 3,
    });
    expect(tasks.map((t) => [t.kind, t.action.to])).toEqual([
      ['print', paths.print({ ApplyId: 1 })],
      ['message', paths.notice({ tab: 'message' })],
    ]);
    expect(tasks[1]!.title).toBe('3 条未读消息');
  });

  it('exams open now or within a week are listed by the server’s time; ended, submitted or far ones are not', () => {
    expect(examWindow(exam(1, null, null))).toBe('open');
    expect(examWindow(exam(1, '2026-11-19T08:00:00.000Z', '2026-11-21T08:00:00.000Z'))).toBe(
      'open',
    );
    expect(examWindow(exam(1, '2026-11-25T08:00:00.000Z', null))).toBe('soon');
    expect(examWindow(exam(1, '2026-12-30T08:00:00.000Z', null))).toBeNull();
    expect(examWindow(exam(1, null, '2026-11-19T08:00:00.000Z'))).toBeNull();
    expect(examWindow(exam(1, null, null, true))).toBeNull();

    const tasks = stationTasks({
      applies: [apply(1, 'TicketIssued', { HasOnlineExam: true })],
      orders: [],
      exams: [exam(1, '2026-11-25T08:00:00.000Z', null), exam(9, null, null)],
      unread: 0,
    });
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      kind: 'exam',
      action: { label: '查看考试', to: paths.onlineExam({ ProjectId: 101, ApplyId: 1 }) },
    });
  });
});
