import {
  ORDER_STATUS_TEXT,
  PAY_PROVIDER_TEXT,
  type PaymentOrder,
  type PayOffer,
  type PayProvider,
} from '@portal/contracts';
import { Button, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { formatFee } from '../../../shared/money';
import { LoadFailed, LoadingSkeleton } from '../../../shared/ui/mobile/query-states';
import { PAYMENT_OUTCOME } from '../payment-outcome';
import { BRIDGE_OUTCOME_TEXT, PAY_CHANNEL_HINT, payButtonText } from '../pay-ways';
import { refundPolicyText } from '../refund-policy';
import { usePayment } from '../use-payment';
import { paths } from '../../../platform';
import './payment.css';
import { BUSY_TEXT } from '../../../shared/ui/mobile/submit-button';

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

/** 支付方式: the ways usable here to choose from; the others with what to do instead. */
function PayWays({
  offers,
  provider,
  onChange,
}: {
  offers: PayOffer[];
  provider: PayProvider | undefined;
  onChange: (provider: PayProvider) => void;
}) {
  const usable = offers.filter((offer) => offer.Channel);
  return (
    <section className="m-section" aria-labelledby="pay-ways-title">
      <h2 className="m-section__title" id="pay-ways-title">
        支付方式
      </h2>
      {usable.length > 0 ? (
        <Radio.Group value={provider ?? null} onChange={(v) => onChange(v as PayProvider)}>
          {usable.map((offer) => (
            <Radio key={offer.Provider} value={offer.Provider} className="pay-way">
              <span className="pay-way__name">{PAY_PROVIDER_TEXT[offer.Provider]}</span>
              <span className="pay-way__hint">{PAY_CHANNEL_HINT[offer.Channel!]}</span>
            </Radio>
          ))}
        </Radio.Group>
      ) : null}
      {offers
        .filter((offer) => offer.Guide)
        .map((offer) => (
          <div key={offer.Provider} className="pay-way pay-way--guide" role="note">
            <span className="pay-way__name">{PAY_PROVIDER_TEXT[offer.Provider]}</span>
            <span className="pay-way__hint">{offer.Guide}</span>
          </div>
        ))}
    </section>
  );
}

/**
 * payment: the application's order, paid the way that fits where the candidate is. Coming back from the cashier
 * (an order was sent there) asks VerifyPaymentOrder; the buttons are off while anything is in
 * flight and there is no pay button once paid, so an order cannot be paid twice.
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const payment = usePayment(applyId, 'mobile');
  const { query, order, stage, busy, bridgeOutcome } = payment;
  const [chosen, setChosen] = useState<PayProvider>();
  const provider = chosen ?? payment.defaultProvider;

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
  } else {
    const payButton = provider ? (
      <Button
        color="primary"
        disabled={busy}
        loading={payment.leaving || (busy && !payment.verifying)}
        loadingText={BUSY_TEXT}
        onClick={() => void payment.pay(provider)}
      >
        {payButtonText(stage, bridgeOutcome)}
        {stage === 'pending' && !bridgeOutcome ? ` ${formatFee(order.AmountInFen)}` : ''}
      </Button>
    ) : null;
    actions =
      stage === 'returned-pending' ? (
        <>
          <Button
            fill="outline"
            color="primary"
            disabled={busy}
            loading={payment.verifying}
            loadingText={BUSY_TEXT}
            onClick={payment.verify}
          >
            我已支付
          </Button>
          {payButton}
        </>
      ) : (
        payButton
      );
  }

  return (
    <div className="payment-page">
      {stage !== 'pending' ? <Outcome status={order.Status} /> : null}
      {bridgeOutcome && stage === 'pending' ? (
        <section className="m-section payment-result payment-result--Failed" role="status">
          <h2 className="payment-result__title">{BRIDGE_OUTCOME_TEXT[bridgeOutcome].title}</h2>
          <p className="payment-result__text">{BRIDGE_OUTCOME_TEXT[bridgeOutcome].text}</p>
        </section>
      ) : null}
      <OrderFacts order={order} />
      {stage !== 'paid' && payment.offers.length > 0 ? (
        <PayWays offers={payment.offers} provider={provider} onChange={setChosen} />
      ) : null}
      {stage === 'pending' && !bridgeOutcome && provider ? (
        <p className="payment-page__hint">
          选择支付方式后点击「去支付」；支付完成后本页会确认结果。
        </p>
      ) : null}
      <div className="m-bottom-spacer" />
      <div className="m-bottom-bar">{actions}</div>
    </div>
  );
}
