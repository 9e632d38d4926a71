import type { PaymentOrder } from '@portal/contracts';
import { Button, Descriptions, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { formatFee } from '../../../shared/money';
import { useVerifiedOrder } from '../api/verify-payment-order';
import { PAYMENT_OUTCOME } from '../payment-outcome';
import { REFUND_CONFIRM, useOrderRefund, type OrderRefund } from '../use-order-refund';
import { TAG_COLOR } from '../../../shared/ui/desktop/tag-colors';

const TIME = 'YYYY-MM-DD HH:mm';
const STATUS_COLOR: Record<PaymentOrder['Status'], string> = {
  Pending: TAG_COLOR.warn,
  Paid: TAG_COLOR.ok,
  Cancelled: TAG_COLOR.quiet,
  Failed: TAG_COLOR.bad,
  Refunding: TAG_COLOR.warn,
  Refunded: TAG_COLOR.quiet,
};

/**
 * What can be done with an order from the list: a pending one can be paid (the payment page) or
 * checked with the gateway (VerifyPaymentOrder); a paid one can be refunded where the server
 * allows it (useOrderRefund), after a confirmation.
 */
export function OrderActions({ order, refund }: { order: PaymentOrder; refund: OrderRefund }) {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const verified = useVerifiedOrder(checking ? order.OrderId : undefined);
  const state = verified.data?.Status ?? order.Status;
  const said = checking && verified.data ? PAYMENT_OUTCOME[verified.data.Status].title : '';
  return (
    <div className="d-order__actions">
      {state === 'Pending' ? (
        <>
          <Button
            type="primary"
            autoInsertSpace={false}
            onClick={() => void navigate(paths.payment({ ApplyId: order.ApplyId }))}
          >
            去支付
          </Button>
          <Button
            loading={verified.isFetching}
            disabled={verified.isFetching}
            onClick={() => (checking ? void verified.refetch() : setChecking(true))}
          >
            查询支付结果
          </Button>
        </>
      ) : state === 'Paid' ? (
        <>
          <Link to={paths.myFlow()}>查看报名流程</Link>
          {refund.canRefund ? (
            <Button danger autoInsertSpace={false} onClick={refund.ask}>
              申请退款
            </Button>
          ) : null}
        </>
      ) : null}
      <Modal
        open={refund.confirming}
        title={REFUND_CONFIRM.title}
        okText={REFUND_CONFIRM.confirm}
        cancelText={REFUND_CONFIRM.cancel}
        okButtonProps={{ danger: true, loading: refund.submitting }}
        onOk={() => void refund.confirm()}
        onCancel={refund.dismiss}
      >
        {REFUND_CONFIRM.text(order)}
      </Modal>
      <span className="d-order__said" role="status">
        {said}
      </span>
    </div>
  );
}

/** One order: number, amount, state, times, and its actions. */
export function OrderRow({ order: listed }: { order: PaymentOrder }) {
  const refund = useOrderRefund(listed);
  const order = refund.order;
  const titleId = `order-${order.OrderId}`;
  return (
    <article className="d-order" aria-labelledby={titleId}>
      <header className="d-order__head">
        <h3 className="d-order__title" id={titleId}>
          {order.ProjectTitle}
        </h3>
        <Tag color={STATUS_COLOR[order.Status]}>{refund.statusText}</Tag>
      </header>
      <Descriptions
        size="small"
        column={4}
        items={[
          { key: 'no', label: '订单号', children: order.OrderNo },
          { key: 'amount', label: '金额', children: formatFee(order.AmountInFen) },
          { key: 'created', label: '下单时间', children: formatDate(order.CreateTime, TIME) },
          {
            key: 'paid',
            label: '支付时间',
            children: order.PaidTime ? formatDate(order.PaidTime, TIME) : '未支付',
          },
          ...(order.RefundTime
            ? [{ key: 'refunded', label: '退款时间', children: formatDate(order.RefundTime, TIME) }]
            : []),
        ]}
      />
      <OrderActions order={order} refund={refund} />
    </article>
  );
}
