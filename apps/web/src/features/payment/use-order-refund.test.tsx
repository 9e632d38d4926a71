import { refundPaymentOrder, verifyPaymentOrder } from '@portal/contracts';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, refusal } from '../testing/fake-server';
import { paymentOrder } from '../testing/fixtures';
import { renderFeatureHook, setUpScreenTests, signIn } from '../testing/render-screen';
import { useOrderRefund } from './use-order-refund';

setUpScreenTests();

const paid = paymentOrder({ Status: 'Paid', PayUrl: '', CanRefund: true });

describe('useOrderRefund: a refund of one order, whatever view shows it', () => {
  it('offers a refund only where the server allows it', () => {
    signIn();
    fakeServer();
    const allowed = renderFeatureHook(() => useOrderRefund(paid));
    expect(allowed.result.current.canRefund).toBe(true);
    const refused = renderFeatureHook(() => useOrderRefund({ ...paid, CanRefund: false }));
    expect(refused.result.current.canRefund).toBe(false);
    expect(refused.result.current.statusText).toBe('已支付');
  });

  it('asks first, sends once however often confirmed, then shows 退款中', async () => {
    signIn();
    const refunding = { ...paid, Status: 'Refunding' as const, CanRefund: false };
    const server = fakeServer().on(refundPaymentOrder, refunding).on(verifyPaymentOrder, refunding);
    const { result } = renderFeatureHook(() => useOrderRefund(paid));
    act(() => result.current.ask());
    expect(result.current.confirming).toBe(true);
    await act(async () => {
      void result.current.confirm();
      void result.current.confirm();
    });
    await waitFor(() => expect(result.current.statusText).toBe('退款中'));
    expect(server.calls(refundPaymentOrder)).toHaveLength(1);
    expect(result.current.confirming).toBe(false);
    expect(result.current.canRefund).toBe(false);
  });

  it('a refusal closes the question and leaves the order as it was', async () => {
    signIn();
    fakeServer().on(refundPaymentOrder, refusal(409, '报名已进入打印准考证或考试阶段，不能再退款'));
    const { result } = renderFeatureHook(() => useOrderRefund(paid));
    act(() => result.current.ask());
    await act(() => result.current.confirm());
    expect(result.current.confirming).toBe(false);
    expect(result.current.status).toBe('Paid');
  });
});
