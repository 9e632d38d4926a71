import '../../../shared/ui/desktop/page.css';
import { ORDER_STATUS_TEXT, PAY_PROVIDER_TEXT, type PayProvider } from '@portal/contracts';
import { Alert, Button, Descriptions, Radio, Result, Skeleton } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { refundPolicyText } from '../refund-policy';
import { formatFee } from '../../../shared/money';
import { PAYMENT_OUTCOME } from '../payment-outcome';
import { BRIDGE_OUTCOME_TEXT, PAY_CHANNEL_HINT, payButtonText } from '../pay-ways';
import { usePayment } from '../use-payment';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * payment on a PC: the order and the ways offered — WeChat Pay Native (a QR code to scan, the
 * order asked about until paid) or Alipay page pay (its cashier, then back); the gateway is asked
 * (VerifyPaymentOrder). Nothing can be paid twice (usePayment).
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const payment = usePayment(applyId, 'desktop');
  const { query, order, stage, busy, bridgeOutcome, codeUrl } = payment;
  const [chosen, setChosen] = useState<PayProvider>();
  const provider = chosen ?? payment.defaultProvider;
  // The QR code appears below the order's details: bring it into view, or 去支付 seems to do nothing.
  const qrRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (codeUrl) qrRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [codeUrl]);

  if (!applyId)
    return (
      <Result
        status="warning"
        title="没有指定报名"
        extra={<Button onClick={() => void navigate(paths.projectList())}>去项目列表</Button>}
      />
    );
  if (query.isError)
    return (
      <Result
        status="warning"
        title="订单加载失败"
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>重新加载</Button>}
      />
    );
  if (!order || !stage) return <Skeleton active paragraph={{ rows: 6 }} />;
  const outcome = PAYMENT_OUTCOME[order.Status];
  const back = () => void navigate(paths.flowManage({ ProjectId: order.ProjectId }));
  const usable = payment.offers.filter((offer) => offer.Channel);
  const payButton = provider ? (
    <Button
      type="primary"
      disabled={busy}
      loading={payment.leaving}
      onClick={() => void payment.pay(provider)}
    >
      {payButtonText(stage, bridgeOutcome)}
    </Button>
  ) : null;

  return (
    <section className="d-page" aria-labelledby="pay-title">
      {/* The breadcrumb and the tab already say 缴纳报名费; the page heads its order. */}
      <h2 className="d-page__title" id="pay-title">
        订单信息
      </h2>
      {bridgeOutcome && stage === 'pending' ? (
        <Alert
          role="status"
          showIcon
          type="warning"
          title={BRIDGE_OUTCOME_TEXT[bridgeOutcome].title}
          description={BRIDGE_OUTCOME_TEXT[bridgeOutcome].text}
        />
      ) : null}
      {payment.returned || stage === 'paid' || stage === 'retry' ? (
        <Alert
          role="status"
          showIcon
          type={stage === 'paid' ? 'success' : stage === 'retry' ? 'error' : 'warning'}
          title={outcome.title}
          description={outcome.text}
        />
      ) : null}
      <div className="d-pay">
        <Descriptions
          bordered
          column={1}
          size="middle"
          items={[
            { label: '报名项目', children: order.ProjectTitle },
            { label: '应付金额', children: <strong>{formatFee(order.AmountInFen)}</strong> },
            { label: '订单号', children: order.OrderNo },
            { label: '订单状态', children: ORDER_STATUS_TEXT[order.Status] },
            { label: '下单时间', children: formatDate(order.CreateTime, TIME_FORMAT) },
            ...(order.PaidTime
              ? [{ label: '支付时间', children: formatDate(order.PaidTime, TIME_FORMAT) }]
              : []),
            { label: '退款规则', children: refundPolicyText(order.RefundPolicy) },
          ]}
        />
        {codeUrl ? (
          <figure className="d-pay__qr" ref={qrRef}>
            <QRCodeSVG value={codeUrl} size={200} marginSize={2} title="微信支付二维码" />
            <figcaption>
              请使用微信「扫一扫」扫码支付 {formatFee(order.AmountInFen)}
              <br />
              支付完成后本页会自动更新
            </figcaption>
          </figure>
        ) : null}
      </div>
      {stage !== 'paid' && payment.offers.length > 0 ? (
        <section className="d-pay-ways" aria-labelledby="pay-ways-title">
          <h3 id="pay-ways-title">支付方式</h3>
          {usable.length > 0 ? (
            <Radio.Group
              value={provider}
              onChange={(event) => setChosen(event.target.value as PayProvider)}
              options={usable.map((offer) => ({
                value: offer.Provider,
                label: `${PAY_PROVIDER_TEXT[offer.Provider]}（${PAY_CHANNEL_HINT[offer.Channel!]}）`,
              }))}
            />
          ) : null}
          {payment.offers
            .filter((offer) => offer.Guide)
            .map((offer) => (
              <Alert
                key={offer.Provider}
                role="note"
                type="info"
                title={PAY_PROVIDER_TEXT[offer.Provider]}
                description={offer.Guide}
              />
            ))}
        </section>
      ) : null}
      <div className="d-page__actions">
        {stage === 'paid' ? (
          <>
            <Button onClick={back}>返回报名流程</Button>
            <Button type="primary" onClick={() => void navigate(paths.print({ ApplyId: applyId }))}>
              打印准考证
            </Button>
          </>
        ) : (
          <>
            {payment.returned ? (
              <Button loading={payment.verifying} disabled={busy} onClick={payment.verify}>
                我已支付
              </Button>
            ) : null}
            {payButton}
            <Button onClick={back}>稍后支付</Button>
          </>
        )}
      </div>
    </section>
  );
}
