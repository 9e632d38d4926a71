import type { PayChannel } from '@portal/contracts';
import type { BridgeOutcome } from '../../platform';

/** How each channel pays, said under the provider's name. */
export const PAY_CHANNEL_HINT: Record<PayChannel, string> = {
  jsapi: '在微信内直接付款',
  native: '用微信「扫一扫」扫码付款',
  h5: '跳转到微信完成付款',
  miniprogram: '在小程序的支付页面付款',
  page: '跳转到支付宝网页付款',
  wap: '跳转到支付宝完成付款',
  app: '在支付宝内直接付款',
};

/** What the page says when WeChat's or Alipay's bridge did not pay (the order stays pending). */
export const BRIDGE_OUTCOME_TEXT: Record<
  Exclude<BridgeOutcome, 'ok'>,
  { title: string; text: string }
> = {
  cancel: {
    title: '支付未完成',
    text: '您已取消支付，订单仍待支付，未产生扣款。可点击「继续支付」完成缴费。',
  },
  fail: {
    title: '未能调起支付',
    text: '请稍后点击「继续支付」重试；如仍不成功，请点击右上角「…」选择「在浏览器中打开」后支付，或联系项目主办方。',
  },
};

/** The pay button's words: 继续支付 after a bridge left the order pending. */
export function payButtonText(stage: string, bridgeOutcome: BridgeOutcome | undefined) {
  if (bridgeOutcome) return '继续支付';
  return stage === 'pending' ? '去支付' : '重新支付';
}
