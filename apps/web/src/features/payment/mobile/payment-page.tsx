import { ORDER_STATUS_TEXT, type PaymentOrder } from '@portal/contracts';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { formatFee } from '../../../shared/money';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { PAYMENT_OUTCOME } from '../payment-outcome';
import { refundPolicyText } from '../refund-policy';
import { usePayment } from '../use-payment';
import { paths } from '../../../platform';
import './payment.css';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

function OrderFacts({ order }: { order: PaymentOrder }) {
  return (
    <section className="m-section" aria-labelledby="order-title">
      <h2 className="m-section__title" id="order-title">
        订单信息
      </h2>
      <p className="payment-page__amount">
        <span className="visually-hidden">应付金额</span>
        {formatFee(order.AmountInFen)}
      </p>
      <dl className="payment-page__facts">
        <dt>报名项目</dt>
        <dd>{order.ProjectTitle}</dd>
        <dt>订单号</dt>
        <dd className="payment-page__order-no">{order.OrderNo}</dd>
        <dt>订单状态</dt>
        <dd>
          <span className={`state-tag state-tag--${order.Status}`}>
            {ORDER_STATUS_TEXT[order.Status]}
          </span>
        </dd>
        <dt>下单时间</dt>
        <dd>{formatDate(order.CreateTime, TIME_FORMAT)}</dd>
        {order.PaidTime ? (
          <>
            <dt>支付时间</dt>
            <dd>{formatDate(order.PaidTime, TIME_FORMAT)}</dd>
          </>
        ) : null}
        <dt>退款规则</dt>
        <dd>{refundPolicyText(order.RefundPolicy)}</dd>
      </dl>
    </section>
  );
}

function Outcome({ status }: { status: PaymentOrder['Status'] }) {
  const outcome = PAYMENT_OUTCOME[status];
  return (
    <section
      className={`m-section payment-result payment-result--${status}`}
      role="status"
      aria-labelledby="payment-result-title"
    >
      <span className="payment-result__icon" aria-hidden="true">
        {outcome.icon}
      </span>
      <h2 className="payment-result__title" id="payment-result-title">
        {outcome.title}
      </h2>
      <p className="payment-result__text">{outcome.text}</p>
    </section>
  );
}

/**
 * payment: the application's order, paid at the gateway's cashier. Coming back from the cashier
 * (an order was sent there) asks VerifyPaymentOrder; the buttons are off while anything is in
 * flight and there is no pay button once paid, so an order cannot be paid twice.
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const payment = usePayment(applyId);
  const { query, order, stage, busy } = payment;

  if (!applyId) {
    return (
      <LoadFailed
        title="没有指定报名"
        description="请从我的项目进入缴费"
        actionText="去我的项目"
        onRetry={() => void navigate(paths.myProject())}
      />
    );
  }
  if (query.isError) {
    return (
      <LoadFailed
        title="订单加载失败"
        description={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!order || !stage) return <LoadingSkeleton rows={2} label="正在加载订单" />;

  let actions;
  if (stage === 'paid') {
    actions = (
      <>
        <Button
          fill="outline"
          color="primary"
          onClick={() => void navigate(paths.flowManage({ ProjectId: order.ProjectId }))}
        >
          返回报名流程
        </Button>
        <Button color="primary" onClick={() => void navigate(paths.print({ ApplyId: applyId }))}>
          打印准考证
        </Button>
      </>
    );
  } else if (stage === 'returned-pending') {
    actions = (
      <>
        <Button
          fill="outline"
          color="primary"
          disabled={busy}
          loading={payment.verifying}
          onClick={payment.verify}
        >
          我已支付
        </Button>
        <Button color="primary" disabled={busy} onClick={() => payment.pay(order)}>
          重新支付
        </Button>
      </>
    );
  } else if (stage === 'pending') {
    actions = (
      <Button
        color="primary"
        disabled={busy}
        loading={payment.leaving}
        onClick={() => payment.pay(order)}
      >
        去支付 {formatFee(order.AmountInFen)}
      </Button>
    );
  } else {
    actions = (
      <Button
        color="primary"
        disabled={busy}
        loading={payment.creating || payment.leaving}
        onClick={() => void payment.payAgain()}
      >
        重新支付
      </Button>
    );
  }

  return (
    <div className="payment-page">
      {stage !== 'pending' ? <Outcome status={order.Status} /> : null}
      <OrderFacts order={order} />
      {stage === 'pending' ? (
        <p className="payment-page__hint">
          点击「去支付」将前往支付收银台，支付完成后会自动返回本页确认结果。
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">{actions}</div>
    </div>
  );
}
