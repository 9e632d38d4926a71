import {
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type { PayProvider } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../domain/errors.js';
import type { AppDeps } from '../../platform/deps.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import { cashierPageHelmet } from '../../platform/security-headers.js';
import type { GatewayContext } from '../index.js';
import {
  providerNotifyPath,
  type NotificationAnswer,
  type PaymentGateway,
  type PaymentNotification,
  type PaymentState,
} from '../../domain/ports.js';
import { renderCashierPage } from './cashier-page.js';
import { jsApiPayArguments, verifyWeChatPay, weChatPayMessage } from './wechat-pay.js';

/** The sandbox keeps an order's record this long (the cashier link's life). */
const RECORD_TTL_SECONDS = 30 * 24 * 3600;
export const CASHIER_PATH = '/gateways/payment/cashier';
/** How old (or how far ahead) a notification's timestamp may be. */
export const PAYMENT_NOTICE_MAX_AGE_SECONDS = 5 * 60;
export const SANDBOX_PROVIDER = 'sandbox';
/** Where the sandbox plays WeChat's side of JSAPI and Native: the payer confirms in WeChat. */
export const SANDBOX_WECHAT_PAY_PATH = '/gateways/payment/sandbox/wechat-pay';
/** The sandbox's own WeChat app id, on its JSAPI arguments. */
export const SANDBOX_WECHAT_APP_ID = 'wx0000000000000000';

export interface SandboxPayment {
  orderNo: string;
  /** Which provider the sandbox plays for this order (the cashier says so). */
  provider?: PayProvider;
  amountInFen: number;
  subject: string;
  returnUrl: string;
  status: PaymentState['status'];
  paidAt: string | null;
}

const recordKey = (orderNo: string) => `payment:sandbox:${orderNo}`;
const refundKey = (refundNo: string) => `payment:sandbox:refund:${refundNo}`;
const prepayKey = (prepayId: string) => `payment:sandbox:prepay:${prepayId}`;
/** A JSAPI or Native prepay: its order, and the merchant key that signed its paySign. */
interface SandboxPrepay {
  orderNo: string;
  merchantPublicKey: string;
}
/** Prepay ids live two hours at WeChat Pay. */
const PREPAY_TTL_SECONDS = 2 * 3600;
/** The sandbox's bank pays a refund back this long after it is asked (退款中, then 已退款). */
export const SANDBOX_REFUND_MS = 3000;

export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function verifySignature(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, text), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the cashier notifies, and the text its signature covers. */
export interface PaymentNotice {
  OrderNo: string;
  Status: 'Paid' | 'Cancelled';
  PaidAt: string | null;
  Timestamp: number;
  Sign: string;
}
export const noticeText = (n: Omit<PaymentNotice, 'Sign'>) =>
  `${n.OrderNo}|${n.Status}|${n.PaidAt ?? ''}|${n.Timestamp}`;

async function readRecord(store: KeyValueStore, orderNo: string): Promise<SandboxPayment | null> {
  const text = await store.get(recordKey(orderNo));
  return text ? (JSON.parse(text) as SandboxPayment) : null;
}

/** The sandbox's own book: the cashier writes the outcome here, queryPayment reads it. */
export async function recordOutcome(
  store: KeyValueStore,
  orderNo: string,
  status: 'Paid' | 'Cancelled',
  at: Date,
): Promise<SandboxPayment | null> {
  const record = await readRecord(store, orderNo);
  if (!record) return null;
  if (record.status !== 'Pending') return record;
  const next = { ...record, status, paidAt: status === 'Paid' ? at.toISOString() : null };
  await store.set(recordKey(orderNo), JSON.stringify(next), RECORD_TTL_SECONDS);
  return next;
}

const envelopeAnswer = (status: number, message: string): NotificationAnswer => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ ErrCode: status === 200 ? 0 : status, ErrMsg: message, Data: null }),
});

/**
 * The cashier's notice, as a provider's would be checked: signed with the payment secret and no
 * older (or further ahead) than five minutes, so a captured one cannot be replayed. The amount is
 * the one in the sandbox's own book, as a provider reports what was paid.
 */
async function verifyNotice(
  store: KeyValueStore,
  secret: string,
  body: string,
  now: Date,
): Promise<PaymentNotification | null> {
  let notice: Partial<PaymentNotice>;
  try {
    notice = JSON.parse(body) as Partial<PaymentNotice>;
  } catch {
    return null;
  }
  if (
    typeof notice.OrderNo !== 'string' ||
    (notice.Status !== 'Paid' && notice.Status !== 'Cancelled') ||
    typeof notice.Timestamp !== 'number' ||
    typeof notice.Sign !== 'string' ||
    !verifySignature(secret, noticeText(notice as PaymentNotice), notice.Sign)
  )
    return null;
  if (Math.abs(now.getTime() / 1000 - notice.Timestamp) > PAYMENT_NOTICE_MAX_AGE_SECONDS)
    return null;
  const record = await readRecord(store, notice.OrderNo);
  if (!record) return null;
  return {
    orderNo: notice.OrderNo,
    amountInFen: record.amountInFen,
    state: { status: notice.Status, paidAt: notice.PaidAt ? new Date(notice.PaidAt) : null },
  };
}

/**
 * A local cashier that pays or cancels, playing WeChat Pay and Alipay with real-shaped answers:
 * H5, wap and page pay open the cashier; JSAPI answers getBrandWCPayRequest's arguments signed
 * with the sandbox's own merchant key; Native answers a weixin://wxpay code URL.
 */
export function createPaymentGateway(context: GatewayContext): PaymentGateway {
  const { config, secrets, store } = context;
  // One merchant key a process, made at its first JSAPI order; each prepay keeps the public half.
  let merchant: { privateKey: KeyObject; publicKeyPem: string } | undefined;
  const merchantKeys = () => {
    if (!merchant) {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }) as string;
      merchant = { privateKey: pair.privateKey, publicKeyPem };
    }
    return merchant;
  };
  return {
    notifications: {
      provider: SANDBOX_PROVIDER,
      signatureHeaders: [],
      verify: ({ body, receivedAt }) =>
        verifyNotice(store, secrets.paymentSecret, body, receivedAt),
      accepted: envelopeAnswer(200, ''),
      refused: envelopeAnswer(400, '支付通知无效：签名不符、已过期或订单不存在'),
    },
    async createPayment(request) {
      const { orderNo, amountInFen, subject, returnUrl, provider } = request;
      const record: SandboxPayment = {
        orderNo,
        amountInFen,
        subject,
        returnUrl,
        ...(provider ? { provider } : {}),
        status: 'Pending',
        paidAt: null,
      };
      await store.set(recordKey(orderNo), JSON.stringify(record), RECORD_TTL_SECONDS);
      if (request.channel === 'jsapi' || request.channel === 'native') {
        const keys = merchantKeys();
        const prepayId = `wx${randomBytes(12).toString('hex')}`;
        const prepay: SandboxPrepay = { orderNo, merchantPublicKey: keys.publicKeyPem };
        await store.set(prepayKey(prepayId), JSON.stringify(prepay), PREPAY_TTL_SECONDS);
        if (request.channel === 'native')
          return { payUrl: `weixin://wxpay/bizpayurl?pr=${prepayId}` };
        return {
          payUrl: '',
          jsapi: jsApiPayArguments(keys.privateKey, SANDBOX_WECHAT_APP_ID, prepayId, new Date()),
        };
      }
      const query = new URLSearchParams({ orderNo, sign: sign(secrets.paymentSecret, orderNo) });
      const payUrl = `${config.publicUrl}${CASHIER_PATH}?${query}`;
      // tradePay's orderStr, played by the sandbox: the cashier's query.
      if (request.channel === 'app') return { payUrl: '', orderStr: query.toString() };
      return { payUrl };
    },
    async closePayment(orderNo) {
      await recordOutcome(store, orderNo, 'Cancelled', new Date());
    },
    async queryPayment(orderNo) {
      const record = await readRecord(store, orderNo);
      if (!record) return { status: 'Pending', paidAt: null };
      return { status: record.status, paidAt: record.paidAt ? new Date(record.paidAt) : null };
    },
    async refund({ orderNo, refundNo }) {
      const record = await readRecord(store, orderNo);
      if (record?.status !== 'Paid') return 'Failed';
      // A retry of the same refund keeps its first time.
      if (!(await store.get(refundKey(refundNo))))
        await store.set(
          refundKey(refundNo),
          String(Date.now() + SANDBOX_REFUND_MS),
          RECORD_TTL_SECONDS,
        );
      return 'Refunding';
    },
    async queryRefund({ refundNo }) {
      const doneAt = Number(await store.get(refundKey(refundNo)));
      if (!doneAt) return 'Failed';
      return Date.now() >= doneAt ? 'Refunded' : 'Refunding';
    },
  };
}

function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** The sandbox cashier (GET shows, POST decides) and the signed notification it sends. */
export async function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const secret = deps.secrets.paymentSecret;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, parseForm(body as string)),
    );

    const checked = async (orderNo: unknown, signature: unknown) => {
      if (
        typeof orderNo !== 'string' ||
        typeof signature !== 'string' ||
        !verifySignature(secret, orderNo, signature)
      )
        throw badRequest('支付链接无效或已被篡改');
      const record = await readRecord(deps.store, orderNo);
      if (!record) throw notFound('订单不存在或支付链接已过期');
      return record;
    };

    scope.get(CASHIER_PATH, { helmet: cashierPageHelmet(deps.config) }, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const record = await checked(query.orderNo, query.sign);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderCashierPage(record, query.sign as string));
    });

    /** The payer's decision recorded, and notified as a provider would (a lost notice is caught by VerifyPaymentOrder). */
    const decide = async (
      request: FastifyRequest,
      orderNo: string,
      status: 'Paid' | 'Cancelled',
    ) => {
      const outcome = await recordOutcome(deps.store, orderNo, status, deps.now());
      if (!outcome || outcome.status === 'Pending') return;
      const notice = {
        OrderNo: outcome.orderNo,
        Status: outcome.status as 'Paid' | 'Cancelled',
        PaidAt: outcome.paidAt,
        Timestamp: Math.floor(deps.now().getTime() / 1000),
      };
      const response = await app.inject({
        method: 'POST',
        url: providerNotifyPath(SANDBOX_PROVIDER),
        payload: { ...notice, Sign: sign(secret, noticeText(notice)) },
      });
      if (response.statusCode !== 200)
        request.log.warn(
          { orderNo: outcome.orderNo, status: response.statusCode },
          'payment notice refused',
        );
    };

    scope.post(CASHIER_PATH, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const record = await checked(form.orderNo, form.sign);
      if (form.action !== 'pay' && form.action !== 'cancel')
        throw badRequest('请选择确认支付或取消支付');
      await decide(request, record.orderNo, form.action === 'pay' ? 'Paid' : 'Cancelled');
      return reply.redirect(record.returnUrl, 303);
    });

    /**
     * WeChat's side of JSAPI and Native, played: the payer confirms in WeChat. JSAPI sends
     * getBrandWCPayRequest's arguments (the paySign is checked with the merchant key that made
     * it, as WeChat does); Native sends the scanned code URL.
     */
    scope.post(SANDBOX_WECHAT_PAY_PATH, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const text = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
      const prepayId =
        /^prepay_id=(wx\w+)$/.exec(text('package'))?.[1] ??
        /^weixin:\/\/wxpay\/bizpayurl\?pr=(wx\w+)$/.exec(text('codeUrl'))?.[1];
      const stored = prepayId ? await deps.store.get(prepayKey(prepayId)) : null;
      if (!stored) throw notFound('预支付交易不存在或已过期');
      const prepay = JSON.parse(stored) as SandboxPrepay;
      if (text('package')) {
        const message = weChatPayMessage(
          text('appId'),
          text('timeStamp'),
          text('nonceStr'),
          text('package'),
        );
        if (!verifyWeChatPay(createPublicKey(prepay.merchantPublicKey), message, text('paySign')))
          throw badRequest('支付验证签名失败');
      }
      await decide(request, prepay.orderNo, 'Paid');
      return reply.send({ return_code: 'SUCCESS', OrderNo: prepay.orderNo });
    });
  });
}
