import type { PaymentOrder } from '@portal/contracts';
import { formatDate } from '../../shared/date';

/** Whether and until when the fee can come back, as the payment page says it before paying. */
export function refundPolicyText({
  Refundable,
  RefundUntil,
}: PaymentOrder['RefundPolicy']): string {
  if (!Refundable) return '本项目报名费缴纳后不予退还，请确认报考信息无误后再缴费';
  const latest = RefundUntil
    ? `，最晚于${formatDate(RefundUntil, 'YYYY-MM-DD HH:mm')}（北京时间）前`
    : '';
  return `缴费后、打印准考证前可在“我的订单”中申请退款${latest}；审核未通过的可申请退还报名费`;
}
