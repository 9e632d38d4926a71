import '../../../shared/ui/desktop/page.css';
import { ORDER_STATUS_TEXT } from '@portal/contracts';
import { Alert, Button, Descriptions, Result, Skeleton } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../platform';
import { formatDate } from '../../../shared/date';
import { idParam } from '../../../shared/id';
import { refundPolicyText } from '../refund-policy';
import { formatFee } from '../../../shared/money';
import { PAYMENT_OUTCOME } from '../payment-outcome';
import { usePayment } from '../use-payment';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * payment on a PC: the order, the cashier link and a QR code of it to pay with a phone; back from
 * the cashier the gateway is asked (VerifyPaymentOrder). Nothing can be paid twice (usePayment).
 */
export default function PaymentPage() {
  const [params] = useSearchParams();
  const applyId = idParam(params.get('ApplyId'));
  const navigate = useNavigate();
  const payment = usePayment(applyId);
  const { query, order, stage, busy } = payment;

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

  return (
    <section className="d-page" aria-labelledby="pay-title">
      <h2 className="d-page__title" id="pay-title">
        缴纳报名费
      </h2>
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
        {stage !== 'paid' && order.PayUrl ? (
          <figure className="d-pay__qr">
            <QRCodeSVG value={order.PayUrl} size={168} title="用手机扫码支付" />
            <figcaption>用手机扫码支付</figcaption>
          </figure>
        ) : null}
      </div>
      <div className="d-page__actions">
        {stage === 'paid' ? (
          <>
            <Button onClick={back}>返回报名流程</Button>
            <Button type="primary" onClick={() => void navigate(paths.print({ ApplyId: applyId }))}>
              打印准考证
            </Button>
          </>
        ) : stage === 'retry' ? (
          <Button
            type="primary"
            loading={payment.creating}
            disabled={busy}
            onClick={() => void payment.payAgain()}
          >
            重新支付
          </Button>
        ) : (
          <>
            {payment.returned ? (
              <Button loading={payment.verifying} disabled={busy} onClick={payment.verify}>
                我已支付
              </Button>
            ) : null}
            <Button
              type="primary"
              disabled={busy}
              loading={payment.leaving}
              onClick={() => payment.pay(order)}
            >
              {payment.returned ? '重新支付' : '去支付'}
            </Button>
            <Button onClick={back}>稍后支付</Button>
          </>
        )}
      </div>
    </section>
  );
}
