import {
  applySummarySchema,
  examSummarySchema,
  flowViewSchema,
  pagedSchema,
  payingOrderSchema,
  paymentOrderSchema,
  projectDetailSchema,
  projectSummarySchema,
  type ApplySummary,
  type ExamSummary,
  type FlowView,
  type PayingOrder,
  type PaymentOrder,
  type ProjectDetail,
  type ProjectSummary,
} from '@portal/contracts';

/** Fixtures parsed with the contract's schemas, so they cannot drift from it. */
export function projectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return projectSummarySchema.parse({
    ProjectId: 1,
    Title: '2026年全国计算机应用能力测评',
    Organizer: '教育考试中心',
    CoverUrl: '',
    CategoryId: 6,
    CategoryName: '职业资格',
    Lables: [{ LableId: 1, Name: '热门推荐' }],
    ApplyStartTime: '2026-03-01T09:00:00+08:00',
    ApplyEndTime: '2026-03-20T17:30:00+08:00',
    FeeInFen: 8000,
    State: 'Applying',
    HasOnlineExam: false,
    ApplyCount: 3,
    ...overrides,
  });
}

export function projectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return projectDetailSchema.parse({
    ...projectSummary(),
    Introduction: '<h3>一、项目简介</h3><p>欢迎报名</p>',
    ContactPhone: '010-65500000',
    ExamStartTime: null,
    ExamEndTime: null,
    IsFollow: false,
    PositionCount: 2,
    ...overrides,
  });
}

export function applySummary(overrides: Partial<ApplySummary> = {}): ApplySummary {
  return applySummarySchema.parse({
    ApplyId: 5,
    ProjectId: 1,
    ProjectTitle: '2026年全国计算机应用能力测评',
    PositionId: 11,
    PositionName: '初级',
    Status: 'Submitted',
    ReviewRemark: null,
    SubmitTime: '2026-03-02T10:00:00+08:00',
    UpdateTime: '2026-03-02T10:00:00+08:00',
    FeeInFen: 8000,
    OrderId: null,
    HasOnlineExam: false,
    ExamScore: null,
    TicketPrintable: false,
    CanWithdraw: false,
    CanChangePosition: false,
    ...overrides,
  });
}

/** An exam's state as GetExamine answers it: open (no window), not started. */
export function examSummary(overrides: Partial<ExamSummary> = {}): ExamSummary {
  return examSummarySchema.parse({
    ExamId: 1,
    ApplyId: 5,
    Title: '在线考试',
    DurationSeconds: 3600,
    ExtraTimePercent: 0,
    AllowedSeconds: 3600,
    StartTime: null,
    EndTime: null,
    TotalScore: 100,
    QuestionCount: 10,
    MultipleScoring: 'AllOrNothing',
    LeaveLimit: null,
    LeaveThresholdSeconds: 5,
    ServerTime: '2026-03-02T10:00:00+08:00',
    Attempt: null,
    Submitted: false,
    Score: null,
    ...overrides,
  });
}

export const PAY_URL = 'http://localhost:8080/gateways/payment/cashier?orderNo=P1&sign=abc';

export function paymentOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  return paymentOrderSchema.parse({
    OrderId: 9,
    OrderNo: 'P20260302100000123456',
    ApplyId: 5,
    ProjectId: 1,
    ProjectTitle: '2026年全国计算机应用能力在线测评（初级）',
    AmountInFen: 8000,
    Status: 'Pending',
    CreateTime: '2026-03-02T10:00:00+08:00',
    PaidTime: null,
    PayUrl: PAY_URL,
    Provider: 'wechatpay',
    Channel: 'h5',
    CanRefund: false,
    RefundPolicy: { Refundable: true, RefundUntil: '2026-06-20T09:00:00+08:00' },
    RefundRequestTime: null,
    RefundTime: null,
    ...overrides,
  });
}

/** An order as GetProjectPaymentOrder answers it in a phone browser: WeChat Pay H5 or Alipay wap. */
export function payingOrder(overrides: Partial<PayingOrder> = {}): PayingOrder {
  return payingOrderSchema.parse({
    ...paymentOrder(),
    Offers: [
      { Provider: 'wechatpay', Channel: 'h5', Guide: null },
      { Provider: 'alipay', Channel: 'wap', Guide: null },
    ],
    Pay: { Kind: 'redirect', Url: PAY_URL },
    ...overrides,
  });
}

const STEP_TITLES = ['报名', '审核', '缴费', '打印准考证', '考试', '结果'];
const STEP_KEYS = ['apply', 'review', 'pay', 'print', 'exam', 'result'] as const;

/** A flow whose step `currentIndex` is under way; earlier steps are done. */
export function flowView(
  nextAction: FlowView['NextAction'],
  apply: ApplySummary | null,
  currentIndex = 0,
): FlowView {
  return flowViewSchema.parse({
    ProjectId: 1,
    Apply: apply,
    Steps: STEP_KEYS.map((Key, i) => ({
      Key,
      Title: STEP_TITLES[i],
      State: i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'waiting',
      Description: i === currentIndex ? '请完成当前步骤' : '',
    })),
    NextAction: nextAction,
  });
}

export function paged<T>(items: T[], PageIndex = 1, Total = items.length, PageSize = 10) {
  return { Items: items, Total, PageIndex, PageSize };
}
export { pagedSchema };
