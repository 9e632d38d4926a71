import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { WeChatJsApiPay } from '@portal/contracts';
import type {
  PaymentGateway,
  PaymentNotification,
  PaymentState,
  RefundStatus,
} from '../../domain/ports.js';

/** WeChat Pay API v3 (直连商户): signed JSON requests, signed answers and notifications. */
export interface WeChatPaySettings {
  mchId: string;
  appId: string;
  /** The merchant API certificate's serial number. */
  merchantSerialNo: string;
  /** PEM. */
  merchantPrivateKey: string;
  /** 32 characters: decrypts notification resources (AEAD_AES_256_GCM). */
  apiV3Key: string;
  /** 微信支付公钥 and its ID (the Wechatpay-Serial of answers and notifications). */
  platformPublicKey: string;
  platformPublicKeyId: string;
  baseUrl: string;
  notifyUrl: string;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}

export const WECHAT_PAY_PROVIDER = 'wechatpay';
/** A notification older (or newer) than this is a replay. */
const NOTIFICATION_MAX_SKEW_SECONDS = 300;

type HeaderMap = Record<string, string | string[] | undefined>;
const SIGNATURE_HEADERS = [
  'wechatpay-timestamp',
  'wechatpay-nonce',
  'wechatpay-signature',
  'wechatpay-serial',
];
const header = (headers: HeaderMap, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

export const weChatPayMessage = (...parts: string[]) => parts.map((p) => `${p}\n`).join('');

export function signWeChatPay(key: KeyObject | string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

export function verifyWeChatPay(key: KeyObject | string, message: string, signature: string) {
  return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
}

/**
 * getBrandWCPayRequest's arguments for a JSAPI prepay: paySign is the merchant's SHA256-RSA of
 * "appId\ntimeStamp\nnonceStr\npackage\n" (WeChat Pay v3, JSAPI 调起支付).
 */
export function jsApiPayArguments(
  merchantKey: KeyObject | string,
  appId: string,
  prepayId: string,
  at: Date,
): WeChatJsApiPay {
  const unsigned = {
    appId,
    timeStamp: String(Math.floor(at.getTime() / 1000)),
    nonceStr: randomBytes(16).toString('hex'),
    package: `prepay_id=${prepayId}`,
    signType: 'RSA' as const,
  };
  const paySign = signWeChatPay(
    merchantKey,
    weChatPayMessage(unsigned.appId, unsigned.timeStamp, unsigned.nonceStr, unsigned.package),
  );
  return { ...unsigned, paySign };
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: ciphertext is base64 of encrypted bytes + 16-byte tag. */
export function decryptWeChatPayResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), resource.nonce);
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

const TRADE_STATES: Record<string, PaymentState['status']> = {
  SUCCESS: 'Paid',
  REFUND: 'Paid',
  CLOSED: 'Cancelled',
  REVOKED: 'Cancelled',
  PAYERROR: 'Failed',
};
const REFUND_STATES: Record<string, RefundStatus> = {
  SUCCESS: 'Refunded',
  PROCESSING: 'Refunding',
  CLOSED: 'Failed',
  ABNORMAL: 'Failed',
};

interface Transaction {
  out_trade_no: string;
  trade_state: string;
  success_time?: string;
  mchid?: string;
  appid?: string;
  amount?: { total?: number };
}

function stateOf(transaction: Transaction): PaymentState {
  const status = TRADE_STATES[transaction.trade_state] ?? 'Pending';
  return {
    status,
    paidAt:
      status === 'Paid' && transaction.success_time ? new Date(transaction.success_time) : null,
  };
}

export class WeChatPayError extends Error {
  override name = 'WeChatPayError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
  }
}

export function createWeChatPayGateway(settings: WeChatPaySettings): PaymentGateway {
  const merchantKey = createPrivateKey(settings.merchantPrivateKey);
  const platformKey = createPublicKey(settings.platformPublicKey);
  const fetchImpl = settings.fetchImpl ?? fetch;
  const now = settings.now ?? (() => new Date());
  const nonce = () => randomBytes(16).toString('hex');
  const seconds = () => String(Math.floor(now().getTime() / 1000));

  /** Checks a signed message from WeChat Pay: its key id, signature and age. */
  const isGenuine = (headers: HeaderMap, body: string) => {
    const timestamp = header(headers, 'Wechatpay-Timestamp') ?? '';
    const signature = header(headers, 'Wechatpay-Signature') ?? '';
    if (header(headers, 'Wechatpay-Serial') !== settings.platformPublicKeyId) return false;
    if (Math.abs(Number(seconds()) - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS)
      return false;
    const message = weChatPayMessage(timestamp, header(headers, 'Wechatpay-Nonce') ?? '', body);
    return verifyWeChatPay(platformKey, message, signature);
  };

  async function call<T>(method: 'GET' | 'POST', pathAndQuery: string, payload?: object) {
    const body = payload ? JSON.stringify(payload) : '';
    const timestamp = seconds();
    const nonceStr = nonce();
    const signature = signWeChatPay(
      merchantKey,
      weChatPayMessage(method, pathAndQuery, timestamp, nonceStr, body),
    );
    const response = await fetchImpl(`${settings.baseUrl}${pathAndQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.merchantSerialNo}"`,
      },
      ...(payload ? { body } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (
      !isGenuine(
        Object.fromEntries(
          SIGNATURE_HEADERS.map((name) => [name, response.headers.get(name) ?? undefined]),
        ),
        text,
      )
    )
      throw new WeChatPayError(response.status, 'SIGN_ERROR', 'answer not signed by WeChat Pay');
    const json = (text ? JSON.parse(text) : {}) as T & { code?: string; message?: string };
    if (!response.ok)
      throw new WeChatPayError(response.status, json.code ?? '', json.message ?? '');
    return json;
  }

  const base = (request: { orderNo: string; subject: string; amountInFen: number }) => ({
    appid: settings.appId,
    mchid: settings.mchId,
    description: request.subject.slice(0, 127),
    out_trade_no: request.orderNo,
    notify_url: settings.notifyUrl,
    amount: { total: request.amountInFen, currency: 'CNY' },
  });

  return {
    async createPayment(request) {
      const channel = request.channel ?? 'h5';
      if (channel === 'jsapi') {
        if (!request.payerOpenId) throw new Error('WeChat JSAPI payment needs the payer’s openid');
        const { prepay_id: prepayId } = await call<{ prepay_id: string }>(
          'POST',
          '/v3/pay/transactions/jsapi',
          { ...base(request), payer: { openid: request.payerOpenId } },
        );
        return {
          payUrl: '',
          jsapi: jsApiPayArguments(merchantKey, settings.appId, prepayId, now()),
        };
      }
      if (channel === 'native') {
        const { code_url: codeUrl } = await call<{ code_url: string }>(
          'POST',
          '/v3/pay/transactions/native',
          base(request),
        );
        return { payUrl: codeUrl };
      }
      const { h5_url: h5Url } = await call<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', {
        ...base(request),
        scene_info: {
          payer_client_ip: request.clientIp ?? '127.0.0.1',
          h5_info: { type: 'Wap' },
        },
      });
      const payUrl = new URL(h5Url);
      payUrl.searchParams.set('redirect_url', request.returnUrl);
      return { payUrl: payUrl.toString() };
    },

    async closePayment(orderNo) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
        mchid: settings.mchId,
      });
    },

    async queryPayment(orderNo) {
      const transaction = await call<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${settings.mchId}`,
      );
      return stateOf(transaction);
    },

    async refund(request) {
      const answer = await call<{ status: string }>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.orderNo,
        out_refund_no: request.refundNo,
        reason: request.reason.slice(0, 80),
        amount: { refund: request.amountInFen, total: request.totalInFen, currency: 'CNY' },
      });
      return REFUND_STATES[answer.status] ?? 'Refunding';
    },

    async queryRefund({ refundNo }) {
      const answer = await call<{ status: string }>(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`,
      );
      return REFUND_STATES[answer.status] ?? 'Refunding';
    },

    notifications: {
      provider: WECHAT_PAY_PROVIDER,
      signatureHeaders: [
        'wechatpay-serial',
        'wechatpay-signature',
        'wechatpay-signature-type',
        'wechatpay-timestamp',
        'wechatpay-nonce',
      ],
      async verify({ headers, body }): Promise<PaymentNotification | null> {
        if (!isGenuine(headers, body)) return null;
        try {
          const notice = JSON.parse(body) as {
            event_type?: string;
            resource?: { ciphertext: string; nonce: string; associated_data?: string };
          };
          if (notice.event_type !== 'TRANSACTION.SUCCESS' || !notice.resource) return null;
          const transaction = JSON.parse(
            decryptWeChatPayResource(settings.apiV3Key, notice.resource),
          ) as Transaction;
          if (transaction.mchid !== settings.mchId || transaction.appid !== settings.appId)
            return null;
          return {
            orderNo: transaction.out_trade_no,
            state: stateOf(transaction),
            amountInFen: transaction.amount?.total ?? -1,
          };
        } catch {
          return null;
        }
      },
      accepted: { status: 204, contentType: 'application/json', body: '' },
      refused: {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message: '签名验证失败' }),
      },
    },
  };
}
