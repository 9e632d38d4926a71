import { ORDER_STATUS_TEXT, type PaymentOrder } from '@portal/contracts';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { formatFee } from '../../../shared/money';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { useNewPaymentOrder, useProjectPaymentOrder } from '../api/get-project-payment-order';
import { useVerifiedOrder } from '../api/verify-payment-order';
import { rememberedOrder, rememberOrder } from '../remembered-order';
import { paths } from '../../../platform';
import './payment.css';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** What the page says about an order after the gateway was asked (the return from the cashier). */
const OUTCOME: Record<PaymentOrder['Status'], { title: string; text: string; icon: string }> = {
  Paid: { title: '支付成功', text: '报名费已缴纳，现在可以打印准考证。', icon: '✓' },
  Pending: {
    title: '尚未收到支付结果',
    text: '如已在收银台完成支付，请点击「我已支付」刷新结果；如未支付，可重新支付。',
    icon: '…',
  },
  Cancelled: { title: '支付已取消', text: '本次支付已取消，未产生扣款，可重新支付。', icon: '!' },
  Failed: { title: '支付失败', text: '本次支付未成功，未产生扣款，请重新支付。', icon: '!' },
};

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
      </dl>
    </section>
  );
}

function Outcome({ status }: { status: PaymentOrder['Status'] }) {
  const outcome = OUTCOME[status];
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
  // The order sent to the cashier earlier: its state is asked of the gateway, not assumed.
  const [returnedOrderId, setReturnedOrderId] = useState(() =>
    applyId ? rememberedOrder(applyId) : undefined,
  );
  const [leaving, setLeaving] = useState(false);
  // Set at the first tap, before React re-renders the button as disabled: one tap, one payment.
  const inFlight = useRef(false);
  const verified = useVerifiedOrder(returnedOrderId);
  const created = useProjectPaymentOrder(applyId ?? 0, returnedOrderId === undefined);
  const newOrder = useNewPaymentOrder(applyId ?? 0);
  const query = returnedOrderId === undefined ? created : verified;

  // Back from the cashier through the browser's page cache: the page is live again, ask anew.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !applyId) return;
      inFlight.current = false;
      setLeaving(false);
      setReturnedOrderId(rememberedOrder(applyId));
      void verified.refetch();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [applyId, verified]);

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
  if (query.isPending) return <LoadingSkeleton rows={2} label="正在加载订单" />;
  if (query.isError) {
    return (
      <LoadFailed
        title="订单加载失败"
        description={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const order = query.data;
  const returned = returnedOrderId !== undefined;
  const busy = leaving || query.isFetching || newOrder.isPending;

  const leaveFor = (target: PaymentOrder) => {
    setLeaving(true);
    rememberOrder(applyId, target.OrderId);
    window.location.assign(target.PayUrl);
  };
  const goToCashier = (target: PaymentOrder) => {
    if (inFlight.current || !target.PayUrl) return;
    inFlight.current = true;
    leaveFor(target);
  };
  const payWithNewOrder = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const fresh = await newOrder.mutateAsync();
      if (fresh.PayUrl) return leaveFor(fresh);
    } catch {
      // The HTTP layer has said why (§8); the button is live again for another try.
    }
    inFlight.current = false;
  };
  const verifyAgain = () => void verified.refetch({ cancelRefetch: false });

  let actions;
  if (order.Status === 'Paid') {
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
  } else if (order.Status === 'Pending' && returned) {
    actions = (
      <>
        <Button
          fill="outline"
          color="primary"
          disabled={busy}
          loading={verified.isFetching}
          onClick={verifyAgain}
        >
          我已支付
        </Button>
        <Button color="primary" disabled={busy} onClick={() => goToCashier(order)}>
          重新支付
        </Button>
      </>
    );
  } else if (order.Status === 'Pending') {
    actions = (
      <Button color="primary" disabled={busy} loading={leaving} onClick={() => goToCashier(order)}>
        去支付 {formatFee(order.AmountInFen)}
      </Button>
    );
  } else {
    actions = (
      <Button
        color="primary"
        disabled={busy}
        loading={newOrder.isPending || leaving}
        onClick={() => void payWithNewOrder()}
      >
        重新支付
      </Button>
    );
  }

  return (
    <div className="payment-page">
      {returned || order.Status !== 'Pending' ? <Outcome status={order.Status} /> : null}
      <OrderFacts order={order} />
      {order.Status === 'Pending' && !returned ? (
        <p className="payment-page__hint">
          点击「去支付」将前往支付收银台，支付完成后会自动返回本页确认结果。
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">{actions}</div>
    </div>
  );
}
