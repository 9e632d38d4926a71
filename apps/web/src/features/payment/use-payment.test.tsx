import { getProjectPaymentOrder, verifyPaymentOrder } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../testing/fake-server';
import { PAY_URL, paymentOrder } from '../testing/fixtures';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { rememberedOrder, rememberOrder } from './remembered-order';
import { paymentStageOf, usePayment } from './use-payment';

setUpScreenTests();

const order = paymentOrder;
const PAY_URL_10 = PAY_URL.replace('P1', 'P10');

describe('usePayment: paying an application, whatever view shows it', () => {
  it('names the stage of an order', () => {
    expect(paymentStageOf(order({ Status: 'Paid' }), true)).toBe('paid');
    expect(paymentStageOf(order(), false)).toBe('pending');
    expect(paymentStageOf(order(), true)).toBe('returned-pending');
    expect(paymentStageOf(order({ Status: 'Failed' }), false)).toBe('retry');
  });

  it('goes to the cashier once however often pay is called, remembering the order', async () => {
    signIn();
    fakeServer().on(getProjectPaymentOrder, order());
    const leave = vi.fn();
    const { result } = renderFeatureHook(() => usePayment(5, leave));
    await waitFor(() => expect(result.current.stage).toBe('pending'));
    act(() => {
      result.current.pay(result.current.order!);
      result.current.pay(result.current.order!);
    });
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(PAY_URL);
    expect(rememberedOrder(5)).toBe(9);
    expect(result.current.busy).toBe(true);
  });

  it('back from the cashier, asks the gateway; a paid order offers nothing to pay', async () => {
    signIn();
    rememberOrder(5, 9);
    const server = fakeServer()
      .on(verifyPaymentOrder, order({ Status: 'Paid', PaidTime: '2026-03-02T10:05:00+08:00' }))
      .on(getProjectPaymentOrder, order());
    const leave = vi.fn();
    const { result } = renderFeatureHook(() => usePayment(5, leave));
    await waitFor(() => expect(result.current.stage).toBe('paid'));
    expect(server.calls(verifyPaymentOrder)[0]?.input).toEqual({ OrderId: '9' });
    expect(server.calls(getProjectPaymentOrder)).toHaveLength(0);
    act(() => result.current.pay(result.current.order!));
    expect(leave).not.toHaveBeenCalled();
  });

  it('after a failed payment, payAgain asks for a new order and goes to its cashier once', async () => {
    signIn();
    let answer = order({ Status: 'Failed' });
    const server = fakeServer().on(getProjectPaymentOrder, () => answer);
    const leave = vi.fn();
    const { result } = renderFeatureHook(() => usePayment(5, leave));
    await waitFor(() => expect(result.current.stage).toBe('retry'));
    answer = order({ OrderId: 10, PayUrl: PAY_URL_10 });
    await act(async () => {
      await Promise.all([result.current.payAgain(), result.current.payAgain()]);
    });
    expect(server.calls(getProjectPaymentOrder)).toHaveLength(2);
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith(PAY_URL_10);
    expect(rememberedOrder(5)).toBe(10);
  });
});
