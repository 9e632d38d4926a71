/**
 * The ports the domain needs from the outside world (SMS, payment, WeChat, PDF, captcha, file
 * storage): the domain owns these interfaces; gateways/ implements them (local ones for the demo,
 * providers for production) and app wiring passes them in.
 */
import type { OrderStatus, PayChannel, PayProvider, WeChatJsApiPay } from '@portal/contracts';
import type { NotificationKind } from '../db/schema/index.js';

export type { NotificationKind };

/** A provider's registered template: which one, and its values by name (`{ code }`, `{ project }`). */
export interface MessageTemplate {
  name: 'verification_code' | NotificationKind;
  params: Record<string, string>;
}

/**
 * Sends a text message. The local one logs it and keeps it in a demo-only outbox; a provider
 * sends its registered template filled with the template's params instead of the text.
 * A refusal a person can act on is thrown as a DomainError.
 */
export interface SmsGateway {
  send(mobile: string, text: string, template?: MessageTemplate): Promise<void>;
}

/**
 * Sends a 公众号 template message (模板消息) to a follower's openid. The sandbox keeps it in a
 * demo-only outbox; WeChat's adapter fills the kind's template. UndeliverableError: the follower
 * cannot receive it (unfollowed), not worth another try.
 */
export interface WeChatMessageGateway {
  send(
    openId: string,
    text: string,
    template: MessageTemplate & { name: NotificationKind },
  ): Promise<void>;
}

export interface PaymentRequest {
  orderNo: string;
  amountInFen: number;
  subject: string;
  /** Where the cashier sends the visitor back. */
  returnUrl: string;
  /** How the payer pays (the server decides by where the candidate is); H5 / wap when not said. */
  channel?: PaymentChannel;
  /** The sandbox plays both providers: which one this order is for. */
  provider?: PayProvider;
  /** WeChat JSAPI: the payer's openid from the WeChat binding. */
  payerOpenId?: string;
  /** WeChat H5: the payer's address. */
  clientIp?: string;
}
/** Phone browser (H5/wap), inside WeChat (JSAPI), PC (Native QR code / page), Alipay app (app). */
export type PaymentChannel = PayChannel;
/** What a provider answered for a new payment. */
export interface CreatedPayment {
  /** The page to open (H5, wap, page pay, the sandbox cashier), or Native's code URL. */
  payUrl: string;
  /** JSAPI: getBrandWCPayRequest's arguments, signed. */
  jsapi?: WeChatJsApiPay;
  /** Alipay app: tradePay's orderStr. */
  orderStr?: string;
}
export interface PaymentState {
  status: Extract<OrderStatus, 'Pending' | 'Paid' | 'Cancelled' | 'Failed'>;
  paidAt: Date | null;
}
/** A provider's notification, verified: which order, what happened, and what was paid. */
export interface PaymentNotification {
  orderNo: string;
  state: PaymentState;
  amountInFen: number;
}
export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  amountInFen: number;
  totalInFen: number;
  reason: string;
}
export type RefundStatus = 'Refunding' | 'Refunded' | 'Failed';
/** What a provider's notify URL answers: the status and body it documents. */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}
/** A cashier the visitor is sent to, and the gateway's word on an order. */
export interface PaymentGateway {
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  queryPayment(orderNo: string): Promise<PaymentState>;
  /** Closes an unpaid order at the provider, so it can no longer be paid (the candidate chose another way). */
  closePayment?(orderNo: string): Promise<void>;
  refund?(request: RefundRequest): Promise<RefundStatus>;
  queryRefund?(request: Pick<RefundRequest, 'orderNo' | 'refundNo'>): Promise<RefundStatus>;
  /** How the provider tells us an order's outcome (received at providerNotifyPath). */
  notifications: PaymentNotifications;
}
/** Where a provider's notifications are received. */
export const providerNotifyPath = (provider: string) => `/gateways/payment/${provider}/notify`;
export interface PaymentNotifications {
  /** The provider's name in the notify path: /gateways/payment/<provider>/notify. */
  provider: string;
  /** The headers its signature check reads, kept with the raw body (content-type always). */
  signatureHeaders: readonly string[];
  /** Verifies the signature (and decrypts); null when forged, stale or unreadable. */
  verify(request: {
    headers: Record<string, string | string[] | undefined>;
    body: string;
    /** Our clock when it arrived, for a freshness check. */
    receivedAt: Date;
  }): Promise<PaymentNotification | null>;
  accepted: NotificationAnswer;
  refused: NotificationAnswer;
}

export interface WeChatJsSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}
/**
 * How WeChat is asked: inside WeChat the 公众号's 网页授权 — `userinfo` (a consent page, the
 * nickname and avatar) or `base` (silent, the openid only); on a PC `qr`, the website app's QR
 * sign-in (qrconnect). Each app has its own openid for a person; unionid is the same in both.
 */
export type WeChatAuthWay = 'userinfo' | 'base' | 'qr';

/** Who WeChat said authorised, from the code — never from the browser. */
export interface WeChatUser {
  /** The app the openid belongs to: the 公众号 (`official`) or the website app (`website`). */
  app: 'official' | 'website';
  openId: string;
  /** The same person across the apps of one open-platform account; null when WeChat gives none. */
  unionId: string | null;
  /** Empty for the silent `base` way. */
  nickName: string;
  headImgUrl: string;
}
export interface WeChatGateway {
  /** The JS-SDK signature: sha1 of jsapi_ticket, noncestr, timestamp and url (without fragment). */
  signJsApi(pageUrl: string): Promise<WeChatJsSignature>;
  /** Where a visitor authorises; WeChat comes back to returnUrl with ?code=&state=. */
  authorizeUrl(returnUrl: string, state: string, way: WeChatAuthWay): string;
  /** The code WeChat returned, exchanged once (a code spent or expired is refused, 400). */
  exchangeCode(code: string, way: WeChatAuthWay): Promise<WeChatUser>;
}

export interface PdfGateway {
  /** Throws a clear error when no renderer is installed. owner: who asks (renders are shared fairly). */
  htmlToPdf(html: string, owner?: string): Promise<Buffer>;
  /** Throws the owner's refusal when they already have as many renders as they may. */
  checkRoomFor(owner: string): void;
}

/** Judges a captcha value made by an outside service (Aliyun NVC); the local proof of work needs none. */
export interface CaptchaGateway {
  verify(request: { token: string; scene: string; clientIp: string }): Promise<boolean>;
}

/**
 * 身份证二要素核验: whether a name and an ID number are one person by the authority's records.
 * A provider's failure throws (the candidate is told to try later), never answers 'mismatch'.
 */
export interface IdentityVerifier {
  verify(person: { name: string; idNumber: string }): Promise<'match' | 'mismatch'>;
}

/**
 * Where the uploads' files lie, by the name the domain gives them (uploads.storedName): one
 * machine's disk, or PostgreSQL, which instances on several machines share (FILE_STORE). The
 * domain seals the bytes before they come here and opens them after: a store holds ciphertext.
 */
export interface FileStore {
  /** Stores the bytes under a name not yet taken; false, and nothing written, when it is taken. */
  put(name: string, bytes: Buffer): Promise<boolean>;
  /** The bytes, or null when no file has the name. */
  get(name: string): Promise<Buffer | null>;
  /** Deletes the file; false when there was none. */
  delete(name: string): Promise<boolean>;
  /** The names of the files stored before the cutoff (the cleanup looks for files no upload names). */
  namesStoredBefore(cutoff: Date): AsyncIterable<string>;
}

/** The providers a deployment offers, and the gateway that holds each one's orders. */
export interface PaymentGateways {
  /** In the order offered (PAYMENT_PROVIDERS). */
  offered: readonly PayProvider[];
  /** The gateway of orders made for this provider (null: an order made before providers were chosen). */
  of(provider: PayProvider | null): PaymentGateway;
  /** Each gateway once (the sandbox plays both providers): their notify routes. */
  all: readonly PaymentGateway[];
}

export interface Gateways {
  sms: SmsGateway;
  identity: IdentityVerifier;
  /** Present when an outside captcha is configured (ALIYUN_NVC_APPKEY). */
  captcha?: CaptchaGateway;
  payment: PaymentGateways;
  weChat: WeChatGateway;
  /** Present when template messages are on (WECHAT_TEMPLATE_MESSAGES): the sandbox or WeChat's. */
  weChatMessages?: WeChatMessageGateway;
  pdf: PdfGateway;
  files: FileStore;
}
