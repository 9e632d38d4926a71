import type { OrderStatus } from '@portal/contracts';

/**
 * Sends a text message. The local one logs it and keeps it in a demo-only outbox; a provider
 * sends its registered template filled with templateParams (e.g. `{ code }`) instead of the text.
 * A refusal a person can act on is thrown as a DomainError.
 */
export interface SmsGateway {
  send(mobile: string, text: string, templateParams?: Record<string, string>): Promise<void>;
}

export interface PaymentRequest {
  orderNo: string;
  amountInFen: number;
  subject: string;
  /** Where the cashier sends the visitor back. */
  returnUrl: string;
}
export interface PaymentState {
  status: Extract<OrderStatus, 'Pending' | 'Paid' | 'Cancelled' | 'Failed'>;
  paidAt: Date | null;
}
/** A cashier the visitor is sent to, and the gateway's word on an order. */
export interface PaymentGateway {
  createPayment(request: PaymentRequest): Promise<{ payUrl: string }>;
  queryPayment(orderNo: string): Promise<PaymentState>;
}

export interface WeChatJsSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}
export interface WeChatUser {
  openId: string;
  nickName: string;
  headImgUrl: string;
}
export interface WeChatGateway {
  /** The JS-SDK signature: sha1 of jsapi_ticket, noncestr, timestamp and url (without fragment). */
  signJsApi(pageUrl: string): WeChatJsSignature;
  /** Where a visitor authorises binding; WeChat comes back to returnUrl with ?code=&state=. */
  authorizeUrl(returnUrl: string, state: string): string;
  exchangeCode(code: string): Promise<WeChatUser>;
}

export interface PdfGateway {
  /** Throws a clear error when no renderer is installed. */
  htmlToPdf(html: string): Promise<Buffer>;
}

/** Judges a captcha value made by an outside service (Aliyun NVC); the local slider needs none. */
export interface CaptchaGateway {
  verify(request: { token: string; scene: string; clientIp: string }): Promise<boolean>;
}

export interface Gateways {
  sms: SmsGateway;
  /** Present when an outside captcha is configured (ALIYUN_NVC_APPKEY). */
  captcha?: CaptchaGateway;
  payment: PaymentGateway;
  weChat: WeChatGateway;
  pdf: PdfGateway;
}
