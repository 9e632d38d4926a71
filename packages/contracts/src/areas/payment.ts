import { z } from 'zod';
import { PLATFORM_CODES } from '../device.js';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pagedSchema, pageQuerySchema, timeSchema, urlSchema } from '../envelope.js';
import { lazySchema } from '../lazy-schema.js';

/** pending → paid | cancelled | failed; paid → refunding → refunded (the candidate's refund). */
export const ORDER_STATUSES = [
  'Pending',
  'Paid',
  'Cancelled',
  'Failed',
  'Refunding',
  'Refunded',
] as const;
export const orderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES));
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  Pending: '待支付',
  Paid: '已支付',
  Cancelled: '已取消',
  Failed: '支付失败',
  Refunding: '退款中',
  Refunded: '已退款',
};

/** The providers a deployment may offer side by side (PAYMENT_PROVIDERS); the candidate picks. */
export const PAY_PROVIDERS = ['wechatpay', 'alipay'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];
export const PAY_PROVIDER_TEXT: Record<PayProvider, string> = {
  wechatpay: '微信支付',
  alipay: '支付宝',
};
/**
 * How an order is paid, decided by the server from where the candidate is: WeChat Pay JSAPI inside
 * WeChat, Native (a QR code) on a PC, H5 in other phone browsers, the mini-program's own payment
 * page in its web-view; Alipay page pay on a PC, wap pay on a phone, tradePay in the Alipay app.
 */
export const PAY_CHANNELS = ['jsapi', 'native', 'h5', 'miniprogram', 'page', 'wap', 'app'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

const PLATFORM_CODE_VALUES: readonly number[] = Object.values(PLATFORM_CODES);
/** Where the page runs, as the web app reads it from its user agent (§2, §9). */
export const payContextSchema = lazySchema(() =>
  z.object({
    Platform: z
      .number()
      .int()
      .min(0)
      .max(9999)
      .refine((code) => PLATFORM_CODE_VALUES.includes(code), '未知的平台代码'),
    Device: z.enum(['mobile', 'desktop']),
  }),
);

/** One way to pay offered here; Guide (and no Channel) where it cannot be used here, saying what to do. */
export const payOfferSchema = lazySchema(() =>
  z.object({
    Provider: z.enum(PAY_PROVIDERS),
    Channel: z.enum(PAY_CHANNELS).nullable(),
    Guide: z.string().nullable(),
  }),
);
export type PayOffer = z.infer<typeof payOfferSchema>;

/** getBrandWCPayRequest's arguments (WeChat Pay v3 JSAPI, signed by the merchant, RSA). */
export const weChatJsApiPaySchema = lazySchema(() =>
  z.object({
    appId: z.string(),
    timeStamp: z.string(),
    nonceStr: z.string(),
    package: z.string().startsWith('prepay_id='),
    signType: z.literal('RSA'),
    paySign: z.string(),
  }),
);
export type WeChatJsApiPay = z.infer<typeof weChatJsApiPaySchema>;

/** What the page does to pay the order through its channel. */
export const payActionSchema = lazySchema(() =>
  z.discriminatedUnion('Kind', [
    /** H5, wap, page pay: open the provider's cashier. */
    z.object({ Kind: z.literal('redirect'), Url: z.string() }),
    /** Native: draw CodeUrl (weixin://wxpay/bizpayurl?pr=…) as a QR code, ask until paid. */
    z.object({ Kind: z.literal('qr'), CodeUrl: z.string() }),
    z.object({ Kind: z.literal('wechat-jsapi'), Params: weChatJsApiPaySchema }),
    /** wx.miniProgram.navigateTo(Path): the mini-program's page pays the order. */
    z.object({ Kind: z.literal('mini-program'), Path: z.string() }),
    /** AlipayJSBridge.call('tradePay', { orderStr }). */
    z.object({ Kind: z.literal('alipay-trade-pay'), OrderStr: z.string() }),
  ]),
);
export type PayAction = z.infer<typeof payActionSchema>;

export const paymentOrderSchema = lazySchema(() =>
  z.object({
    OrderId: z.number().int(),
    OrderNo: z.string(),
    ApplyId: z.number().int(),
    ProjectId: z.number().int(),
    ProjectTitle: z.string(),
    AmountInFen: z.number().int().positive(),
    Status: orderStatusSchema,
    CreateTime: timeSchema,
    PaidTime: timeSchema.nullable(),
    /** Where the candidate pays (the gateway's cashier, or Native's code URL); empty once paid. */
    PayUrl: z.string(),
    /** The provider and channel the order was made for; null until the candidate has chosen. */
    Provider: z.enum(PAY_PROVIDERS).nullable(),
    Channel: z.enum(PAY_CHANNELS).nullable(),
    /** The server's word: this paid order may be refunded now (the project allows it, see RefundPaymentOrder). */
    CanRefund: z.boolean(),
    /**
     * What the project allows, said before paying: a refund can be asked for once paid, until the
     * ticket is printed and at the latest until RefundUntil (the exam's start), or not at all.
     */
    RefundPolicy: z.object({ Refundable: z.boolean(), RefundUntil: timeSchema.nullable() }),
    /** When the refund was asked for, and when the money went back. */
    RefundRequestTime: timeSchema.nullable(),
    RefundTime: timeSchema.nullable(),
  }),
);
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** An order being paid: the ways offered where the candidate is, and what to do for the chosen one. */
export const payingOrderSchema = lazySchema(() =>
  paymentOrderSchema.extend({
    Offers: z.array(payOfferSchema),
    /** Null when paid, or when no way has been chosen yet (several offered) or it does not fit here. */
    Pay: payActionSchema.nullable(),
  }),
);
export type PayingOrder = z.infer<typeof payingOrderSchema>;

/**
 * Creates the order of an approved application with a fee, or returns the one it has. With
 * Platform and Device the server picks the channel for where the candidate is; Provider is the
 * candidate's choice (needed where several are offered; a pending order made for another way is
 * closed and a new one made).
 */
export const getProjectPaymentOrder = defineEndpoint('ProjectPayment/GetProjectPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: () =>
    z.object({
      ApplyId: idSchema,
      ReturnUrl: urlSchema.optional(),
      Platform: payContextSchema.shape.Platform.optional(),
      Device: payContextSchema.shape.Device.optional(),
      Provider: z.enum(PAY_PROVIDERS).optional(),
    }),
  response: () => payingOrderSchema,
});

/** Asks the gateway for the order's real state and records it. */
export const verifyPaymentOrder = defineEndpoint('ProjectPayment/VerifyPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: () => z.object({ OrderId: idSchema }),
  response: () => paymentOrderSchema,
});

/**
 * The candidate asks for the fee back. Allowed where the project allows refunds and the
 * application has not gone past payment (no ticket printed, the exam not begun), or was rejected;
 * the order goes 退款中, then 已退款 when the provider has paid it back (VerifyPaymentOrder asks).
 */
export const refundPaymentOrder = defineEndpoint('ProjectPayment/RefundPaymentOrder', {
  method: 'POST',
  client: 'exam-payment',
  request: () => z.object({ OrderId: idSchema }),
  response: () => paymentOrderSchema,
});

export const getUserPaymentOrder = defineEndpoint('MerchantOrder/GetUserPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: () => pageQuerySchema,
  response: () => pagedSchema(paymentOrderSchema),
});

export const equityPackageSchema = lazySchema(() =>
  z.object({
    EquityId: z.number().int(),
    Name: z.string(),
    Description: z.string(),
    PriceInFen: z.number().int().min(0),
    DurationDays: z.number().int().positive(),
    Features: z.array(z.string()),
  }),
);
export type EquityPackage = z.infer<typeof equityPackageSchema>;

export const getEquityBuy = defineEndpoint('Enterprise/GetEquityBuy', {
  method: 'GET',
  client: 'exam-payment',
  auth: 'optional',
  path: '/EnterpriseService/v1/Enterprise/GetEquityBuy',
  request: () => z.object({}),
  response: () => z.object({ Items: z.array(equityPackageSchema) }),
});
