import type { WeChatJsApiPay } from '@portal/contracts';
import { loadWx } from './wechat-share';

/** What a payment bridge reports: only a hint — the server's verification decides (issue 27). */
export type BridgeOutcome = 'ok' | 'cancel' | 'fail';

interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    args: WeChatJsApiPay,
    callback: (result: { err_msg?: string }) => void,
  ): void;
}
interface AlipayJSBridge {
  call(
    name: 'tradePay',
    args: { orderStr: string },
    callback: (result: { resultCode?: string }) => void,
  ): void;
}
/** What WeChat and Alipay inject into their browsers (weixin-js-sdk types WeChat's as any). */
interface InjectedBridges {
  WeixinJSBridge?: WeixinJSBridge;
  AlipayJSBridge?: AlipayJSBridge;
}

/** How long a page waits for a bridge WeChat or Alipay injects after the page has loaded. */
export const BRIDGE_READY_TIMEOUT_MS = 10_000;

/** The bridge on window, or the first one its ready event brings (WeixinJSBridgeReady, AlipayJSBridgeReady). */
function bridgeOf<K extends keyof InjectedBridges>(
  name: K,
  readyEvent: string,
): Promise<NonNullable<InjectedBridges[K]>> {
  const injected = () => (window as InjectedBridges)[name];
  const present = injected();
  if (present) return Promise.resolve(present);
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => {
      document.removeEventListener(readyEvent, onReady);
      reject(new Error(`${name} not ready`));
    }, BRIDGE_READY_TIMEOUT_MS);
    function onReady() {
      window.clearTimeout(timer);
      document.removeEventListener(readyEvent, onReady);
      const bridge = injected();
      if (bridge) resolve(bridge);
      else reject(new Error(`${name} not ready`));
    }
    document.addEventListener(readyEvent, onReady);
  });
}

/** Pays through a bridge once it is there; no bridge (not inside that app) is a failure. */
async function payThrough<K extends keyof InjectedBridges>(
  name: K,
  readyEvent: string,
  pay: (bridge: NonNullable<InjectedBridges[K]>, done: (outcome: BridgeOutcome) => void) => void,
): Promise<BridgeOutcome> {
  const bridge = await bridgeOf(name, readyEvent).catch(() => undefined);
  if (!bridge) return 'fail';
  return new Promise((resolve) => pay(bridge, resolve));
}

const WECHAT_PAY_OUTCOMES: Record<string, BridgeOutcome> = {
  'get_brand_wcpay_request:ok': 'ok',
  'get_brand_wcpay_request:cancel': 'cancel',
};

/** WeChat Pay JSAPI inside WeChat: getBrandWCPayRequest, waiting for WeixinJSBridgeReady when needed. */
export function requestWeChatPay(params: WeChatJsApiPay): Promise<BridgeOutcome> {
  return payThrough('WeixinJSBridge', 'WeixinJSBridgeReady', (bridge, done) =>
    bridge.invoke('getBrandWCPayRequest', params, ({ err_msg: message = '' }) =>
      done(WECHAT_PAY_OUTCOMES[message] ?? 'fail'),
    ),
  );
}

const TRADE_PAY_OUTCOMES: Record<string, BridgeOutcome> = { '9000': 'ok', '6001': 'cancel' };

/** The Alipay app's tradePay: 9000 paid, 6001 the payer left, anything else not paid. */
export function requestAlipayTradePay(orderStr: string): Promise<BridgeOutcome> {
  return payThrough('AlipayJSBridge', 'AlipayJSBridgeReady', (bridge, done) =>
    bridge.call('tradePay', { orderStr }, ({ resultCode = '' }) =>
      done(TRADE_PAY_OUTCOMES[resultCode] ?? 'fail'),
    ),
  );
}

/** A mini-program's web-view: its own payment page pays the order (docs/operations.md). */
export async function openMiniProgramPayPage(path: string): Promise<BridgeOutcome> {
  const wx = await loadWx();
  if (!wx.miniProgram) return 'fail';
  return new Promise((resolve) => {
    wx.miniProgram!.navigateTo({
      url: path,
      success: () => resolve('ok'),
      fail: () => resolve('fail'),
    });
  });
}
