import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestAlipayTradePay, requestWeChatPay } from './pay-bridges';
import { JSAPI_PAY_ARGUMENTS as PARAMS } from '../testing/wechat-pay-fixture';

type Bridges = { WeixinJSBridge?: unknown; AlipayJSBridge?: unknown };

afterEach(() => {
  delete (window as Bridges).WeixinJSBridge;
  delete (window as Bridges).AlipayJSBridge;
  vi.useRealTimers();
});

describe('payment bridges: WeChat and Alipay as they inject themselves', () => {
  it('waits for WeixinJSBridgeReady when the bridge is not there yet, then reads err_msg', async () => {
    const invoke = vi.fn((_name: string, _args: unknown, done: (r: { err_msg: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:cancel' }),
    );
    const outcome = requestWeChatPay(PARAMS);
    (window as Bridges).WeixinJSBridge = { invoke };
    document.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await outcome).toBe('cancel');
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', PARAMS, expect.any(Function));
    invoke.mockImplementation((_n, _a, done) => done({ err_msg: 'get_brand_wcpay_request:ok' }));
    expect(await requestWeChatPay(PARAMS)).toBe('ok');
    invoke.mockImplementation((_n, _a, done) => done({ err_msg: 'get_brand_wcpay_request:fail' }));
    expect(await requestWeChatPay(PARAMS)).toBe('fail');
  });

  it('outside WeChat (no bridge ever comes) it fails rather than waits for ever', async () => {
    vi.useFakeTimers();
    const outcome = requestWeChatPay(PARAMS);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toBe('fail');
  });

  it('Alipay’s tradePay: 9000 paid, 6001 left by the payer', async () => {
    let code = '6001';
    (window as Bridges).AlipayJSBridge = {
      call: (_n: string, _a: unknown, done: (r: { resultCode: string }) => void) =>
        done({ resultCode: code }),
    };
    expect(await requestAlipayTradePay('app_id=1')).toBe('cancel');
    code = '9000';
    expect(await requestAlipayTradePay('app_id=1')).toBe('ok');
  });
});
