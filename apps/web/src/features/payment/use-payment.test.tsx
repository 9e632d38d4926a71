import { getProjectPaymentOrder, verifyPaymentOrder } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../testing/fake-server';
import { PAY_URL, paymentOrder, payingOrder } from '../testing/fixtures';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { rememberedOrder, rememberOrder } from './remembered-order';
import { paymentStageOf, usePayment, type PayBridges } from './use-payment';
import { JSAPI_PAY_ARGUMENTS as JSAPI } from '../../platform/testing/wechat-pay-fixture';

setUpScreenTests();

const order = paymentOrder;
const PAY_URL_10 = PAY_URL.replace('P1', 'P10');

function bridges(over: Partial<PayBridges> = {}): PayBridges {
  return {
    leave: vi.fn(),
    weChatPay: vi.fn(async () => 'ok' as const),
    alipayTradePay: vi.fn(async () => 'ok' as const),
    miniProgram: vi.fn(async () => 'ok' as const),
    ...over,
  };
}

describe('usePayment: paying an application, whatever view shows it', () => {
  it('names the stage of an order', () => {
    expect(paymentStageOf(order({ Status: 'Paid' }), true)).toBe('paid');
    expect(paymentStageOf(order(), false)).toBe('pending');
    expect(paymentStageOf(order(), true)).toBe('returned-pending');
    expect(paymentStageOf(order({ Status: 'Failed' }), false)).toBe('retry');
  });

  it('says where it is, pays with the chosen provider, and goes to the cashier once', async () => {
    signIn();
    const server = fakeServer().on(getProjectPaymentOrder, payingOrder());
    const pay = bridges();
    const { result } = renderFeatureHook(() => usePayment(5, 'mobile', pay));
    await waitFor(() => expect(result.current.stage).toBe('pending'));
    expect(server.calls(getProjectPaymentOrder)[0]?.input).toEqual({
      ApplyId: '5',
      Platform: '0',
      Device: 'mobile',
    });
    expect(result.current.offers.map((o) => o.Provider)).toEqual(['wechatpay', 'alipay']);
    await act(async () => {
      await Promise.all([result.current.pay('alipay'), result.current.pay('alipay')]);
    });
    expect(server.calls(getProjectPaymentOrder)[1]?.input).toMatchObject({ Provider: 'alipay' });
    expect(pay.leave).toHaveBeenCalledTimes(1);
    expect(pay.leave).toHaveBeenCalledWith(PAY_URL);
    expect(rememberedOrder(5)).toBe(9);
    expect(result.current.busy).toBe(true);
  });

  it('back from the cashier, asks the gateway; a paid order offers nothing to pay', async () => {
    signIn();
    rememberOrder(5, 9);
    const server = fakeServer()
      .on(verifyPaymentOrder, order({ Status: 'Paid', PaidTime: '2026-03-02T10:05:00+08:00' }))
      .on(getProjectPaymentOrder, payingOrder());
    const pay = bridges();
    const { result } = renderFeatureHook(() => usePayment(5, 'mobile', pay));
    await waitFor(() => expect(result.current.stage).toBe('paid'));
    expect(server.calls(verifyPaymentOrder)[0]?.input).toEqual({ OrderId: '9' });
    expect(server.calls(getProjectPaymentOrder)).toHaveLength(0);
    await act(() => result.current.pay('wechatpay'));
    expect(pay.leave).not.toHaveBeenCalled();
  });

  it('after a failed payment, pay asks for a new order and goes to its cashier once', async () => {
    signIn();
    rememberOrder(5, 9);
    const server = fakeServer()
      .on(verifyPaymentOrder, order({ Status: 'Failed' }))
      .on(
        getProjectPaymentOrder,
        payingOrder({ OrderId: 10, Pay: { Kind: 'redirect', Url: PAY_URL_10 } }),
      );
    const pay = bridges();
    const { result } = renderFeatureHook(() => usePayment(5, 'mobile', pay));
    await waitFor(() => expect(result.current.stage).toBe('retry'));
    await act(async () => {
      await Promise.all([result.current.pay('wechatpay'), result.current.pay('wechatpay')]);
    });
    expect(server.calls(getProjectPaymentOrder).filter((c) => c.input.Provider)).toHaveLength(1);
    expect(pay.leave).toHaveBeenCalledTimes(1);
    expect(pay.leave).toHaveBeenCalledWith(PAY_URL_10);
    expect(rememberedOrder(5)).toBe(10);
  });

  it('inside WeChat: getBrandWCPayRequest; cancel keeps the order pending, ok is only a hint', async () => {
    signIn();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.50',
    );
    let status: 'Pending' | 'Paid' = 'Pending';
    const server = fakeServer()
      .on(
        getProjectPaymentOrder,
        payingOrder({ Channel: 'jsapi', PayUrl: '', Pay: { Kind: 'wechat-jsapi', Params: JSAPI } }),
      )
      .on(verifyPaymentOrder, () => order({ Status: status, Channel: 'jsapi' }));
    let outcome: 'cancel' | 'ok' = 'cancel';
    const pay = bridges({ weChatPay: vi.fn(async () => outcome) });
    const { result } = renderFeatureHook(() => usePayment(5, 'mobile', pay));
    await waitFor(() => expect(result.current.stage).toBe('pending'));
    expect(server.calls(getProjectPaymentOrder)[0]?.input).toMatchObject({ Platform: '1000' });
    await act(() => result.current.pay('wechatpay'));
    expect(pay.weChatPay).toHaveBeenCalledWith(JSAPI);
    expect(result.current.bridgeOutcome).toBe('cancel');
    expect(result.current.stage).toBe('pending');
    expect(server.calls(verifyPaymentOrder)).toHaveLength(0);
    outcome = 'ok';
    status = 'Paid';
    await act(() => result.current.pay('wechatpay'));
    await waitFor(() => expect(result.current.stage).toBe('paid'));
    expect(server.calls(verifyPaymentOrder).length).toBeGreaterThan(0);
  });
});
