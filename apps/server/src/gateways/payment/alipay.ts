import { AlipaySdk } from 'alipay-sdk';
import type {
  PaymentGateway,
  PaymentNotification,
  PaymentState,
  RefundStatus,
} from '../../domain/ports.js';
import { fromBeijingDateTime } from '../../platform/beijing-time.js';

/** Alipay open platform (gateway.do, RSA2, public-key mode) through the official alipay-sdk. */
export interface AlipaySettings {
  appId: string;
  /** The application's private key, PEM (PKCS#8). */
  appPrivateKey: string;
  /** 支付宝公钥, PEM. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

export const ALIPAY_PROVIDER = 'alipay';

const TRADE_STATES: Record<string, PaymentState['status']> = {
  TRADE_SUCCESS: 'Paid',
  TRADE_FINISHED: 'Paid',
  TRADE_CLOSED: 'Cancelled',
};

const yuan = (fen: number) => (fen / 100).toFixed(2);
const fen = (amount: string | undefined) => (amount ? Math.round(Number(amount) * 100) : -1);
/** Alipay's times are Beijing time without a zone: "2026-11-23 10:00:00". */
const beijingTime = (text: string | undefined) => (text ? fromBeijingDateTime(text) : null);

function stateOf(tradeStatus: string | undefined, paidAt: string | undefined): PaymentState {
  const status = TRADE_STATES[tradeStatus ?? ''] ?? 'Pending';
  return { status, paidAt: status === 'Paid' ? beijingTime(paidAt) : null };
}

export class AlipayError extends Error {
  override name = 'AlipayError';
}

export function createAlipayGateway(settings: AlipaySettings): PaymentGateway {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.appPrivateKey,
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    keyType: 'PKCS8',
    camelcase: true,
    timeout: 10_000,
  });
  /** An answer signed by Alipay (the SDK checks it), refused unless its code is 10000. */
  const exec = async (method: string, bizContent: Record<string, string>) => {
    const result = (await sdk.exec(method, { bizContent }, { validateSign: true })) as Record<
      string,
      string | undefined
    >;
    return result;
  };
  const failed = (result: Record<string, string | undefined>) =>
    new AlipayError(
      `Alipay ${result.code} ${result.subCode ?? ''}: ${result.subMsg ?? result.msg}`,
    );

  return {
    async createPayment(request) {
      const trade = {
        outTradeNo: request.orderNo,
        totalAmount: yuan(request.amountInFen),
        subject: request.subject.slice(0, 256),
      };
      // Inside the Alipay app: the signed order string AlipayJSBridge's tradePay takes.
      if (request.channel === 'app')
        return {
          payUrl: '',
          orderStr: sdk.sdkExecute('alipay.trade.app.pay', {
            bizContent: { ...trade, productCode: 'QUICK_MSECURITY_PAY' },
            notifyUrl: settings.notifyUrl,
          }),
        };
      const onPc = request.channel === 'page';
      const payUrl = sdk.pageExecute(
        onPc ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay',
        'GET',
        {
          bizContent: { ...trade, productCode: onPc ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY' },
          returnUrl: request.returnUrl,
          notifyUrl: settings.notifyUrl,
        },
      );
      return { payUrl };
    },

    async closePayment(orderNo) {
      const result = await exec('alipay.trade.close', { outTradeNo: orderNo });
      // Never opened at Alipay: there is nothing to close.
      if (result.code !== '10000' && result.subCode !== 'ACQ.TRADE_NOT_EXIST') throw failed(result);
    },

    async queryPayment(orderNo) {
      const result = await exec('alipay.trade.query', { outTradeNo: orderNo });
      // Created at Alipay only when the payer opens the cashier.
      if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return { status: 'Pending', paidAt: null };
      if (result.code !== '10000') throw failed(result);
      return stateOf(result.tradeStatus, result.sendPayDate);
    },

    async refund(request): Promise<RefundStatus> {
      const result = await exec('alipay.trade.refund', {
        outTradeNo: request.orderNo,
        outRequestNo: request.refundNo,
        refundAmount: yuan(request.amountInFen),
        refundReason: request.reason.slice(0, 256),
      });
      if (result.code !== '10000') throw failed(result);
      return result.fundChange === 'Y' ? 'Refunded' : 'Refunding';
    },

    async queryRefund({ orderNo, refundNo }): Promise<RefundStatus> {
      const result = await exec('alipay.trade.fastpay.refund.query', {
        outTradeNo: orderNo,
        outRequestNo: refundNo,
      });
      if (result.code !== '10000') throw failed(result);
      return result.refundStatus === 'REFUND_SUCCESS' ? 'Refunded' : 'Refunding';
    },

    notifications: {
      provider: ALIPAY_PROVIDER,
      // Alipay signs the form body itself (sign, sign_type).
      signatureHeaders: [],
      async verify({ body }): Promise<PaymentNotification | null> {
        const notice = Object.fromEntries(new URLSearchParams(body));
        // Values are already decoded here, so the check must not decode them again (V2).
        if (!sdk.checkNotifySignV2(notice) || notice.app_id !== settings.appId) return null;
        if (!notice.out_trade_no) return null;
        return {
          orderNo: notice.out_trade_no,
          state: stateOf(notice.trade_status, notice.gmt_payment),
          amountInFen: fen(notice.total_amount),
        };
      },
      accepted: { status: 200, contentType: 'text/plain', body: 'success' },
      refused: { status: 400, contentType: 'text/plain', body: 'failure' },
    },
  };
}
