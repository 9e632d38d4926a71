import type { PaymentOrder } from '@portal/contracts';

/** What the page says about an order after the gateway was asked (the return from the cashier). */
export const PAYMENT_OUTCOME: Record<
  PaymentOrder['Status'],
  { title: string; text: string; icon: string }
> = {
  Paid: { title: '支付成功', text: '报名费已缴纳，现在可以打印准考证。', icon: '✓' },
  Pending: {
    title: '尚未收到支付结果',
    text: '如已在收银台完成支付，请点击「我已支付」刷新结果；如未支付，可重新支付。',
    icon: '…',
  },
  Cancelled: { title: '支付已取消', text: '本次支付已取消，未产生扣款，可重新支付。', icon: '!' },
  Failed: { title: '支付失败', text: '本次支付未成功，未产生扣款，请重新支付。', icon: '!' },
  Refunding: {
    title: '退款处理中',
    text: '报名费正在原路退回，可在「我的订单」查看进度。',
    icon: '…',
  },
  Refunded: {
    title: '已退款',
    text: '报名费已原路退回；如仍要参加，可重新支付。',
    icon: '✓',
  },
};
