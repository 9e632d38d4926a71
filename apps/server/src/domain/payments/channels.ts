import {
  PLATFORM_CODES,
  type DeviceType,
  type PayChannel,
  type PayOffer,
  type PayProvider,
  type PlatformCode,
} from '@portal/contracts';

/** Where the candidate is, as the web app says (§9 platform code, §2 phone or desktop). */
export interface PayContext {
  platform: PlatformCode;
  device: DeviceType;
}

/** A caller who does not say is taken for a phone browser (the old H5 / wap orders). */
export const DEFAULT_PAY_CONTEXT: PayContext = { platform: PLATFORM_CODES.other, device: 'mobile' };

export interface PayFacts {
  /** The providers offered, in order (PAYMENT_PROVIDERS). */
  providers: readonly PayProvider[];
  /** The WeChat openid JSAPI pays with (the candidate's bound WeChat); null when there is none. */
  payerOpenId: string | null;
  /** The mini-program's payment page; empty when the deployment has none. */
  miniProgramPayPath: string;
}

const OPEN_IN_BROWSER = '点击右上角「…」，选择「在浏览器中打开」';

/** What a candidate is told where a provider cannot be used, and what to do instead. */
export const PAY_GUIDES = {
  alipayInWeChat: `微信内无法使用支付宝。如需用支付宝支付，请${OPEN_IN_BROWSER}，再在浏览器中支付。`,
  alipayInMiniProgram:
    '小程序内无法使用支付宝，请使用微信支付，或在手机浏览器中打开本站后用支付宝支付。',
  weChatInAlipay:
    '支付宝内无法使用微信支付，请使用支付宝支付，或在微信、手机浏览器中打开本站后用微信支付。',
  weChatNotBound: `您的账号尚未绑定微信，暂不能在微信内支付。请先在「我的 → 账号与资料 → 绑定微信」绑定本微信，再返回本页支付；也可${OPEN_IN_BROWSER}，在浏览器中用其他方式支付。`,
  noMiniProgramPayPage: '本小程序暂不支持在线缴费，请在微信或手机浏览器中打开本站后支付。',
} as const;

const usable = (provider: PayProvider, channel: PayChannel): PayOffer => ({
  Provider: provider,
  Channel: channel,
  Guide: null,
});
const guided = (provider: PayProvider, guide: string): PayOffer => ({
  Provider: provider,
  Channel: null,
  Guide: guide,
});

/** How one provider is paid where the candidate is, or why it cannot be. */
function offerOf(provider: PayProvider, { platform, device }: PayContext, facts: PayFacts) {
  if (provider === 'wechatpay') {
    if (platform === PLATFORM_CODES.weChat)
      return facts.payerOpenId
        ? usable(provider, 'jsapi')
        : guided(provider, PAY_GUIDES.weChatNotBound);
    if (platform === PLATFORM_CODES.miniProgram)
      return facts.miniProgramPayPath
        ? usable(provider, 'miniprogram')
        : guided(provider, PAY_GUIDES.noMiniProgramPayPage);
    if (platform === PLATFORM_CODES.alipay) return guided(provider, PAY_GUIDES.weChatInAlipay);
    return usable(provider, device === 'desktop' ? 'native' : 'h5');
  }
  // WeChat blocks alipays:// links and Alipay's pages: only a guide to the browser.
  if (platform === PLATFORM_CODES.weChat) return guided(provider, PAY_GUIDES.alipayInWeChat);
  if (platform === PLATFORM_CODES.miniProgram)
    return guided(provider, PAY_GUIDES.alipayInMiniProgram);
  if (platform === PLATFORM_CODES.alipay) return usable(provider, 'app');
  return usable(provider, device === 'desktop' ? 'page' : 'wap');
}

/**
 * The server's decision (issue 27): inside WeChat, WeChat Pay JSAPI (Alipay only as a guide);
 * in a mini-program's web-view, its payment page; in the Alipay app, tradePay; on a desktop,
 * Native and page pay; in other phone browsers, H5 and wap. In the deployment's order.
 */
export function payOffers(context: PayContext, facts: PayFacts): PayOffer[] {
  return facts.providers.map((provider) => offerOf(provider, context, facts));
}
