import { getUserPaymentOrder, verifyPaymentOrder } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../platform';
import { fakeServer } from '../../testing/fake-server';
import { paged, paymentOrder } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import MyOrderPage from './my-order-page';

setUpScreenTests();
beforeEach(() => signIn());

describe('desktop my/myOrder: number, amount, state, paid time; a pending order paid or checked', () => {
  it('a pending order is checked with the gateway and, once paid, offers nothing to pay', async () => {
    const pending = paymentOrder({ OrderId: 5, ApplyId: 8, OrderNo: 'P5', Status: 'Pending' });
    const server = fakeServer()
      .on(getUserPaymentOrder, paged([pending]))
      .on(verifyPaymentOrder, {
        ...pending,
        Status: 'Paid',
        PaidTime: pending.CreateTime,
        PayUrl: '',
      });
    renderScreen(MyOrderPage, paths.myOrder());
    const row = await screen.findByRole('article');
    expect(within(row).getByText('P5')).toBeTruthy();
    expect(within(row).getByText('未支付')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '查询支付结果' }));
    expect(await within(row).findByText('支付成功')).toBeTruthy();
    expect(server.calls(verifyPaymentOrder)[0]?.input).toEqual({ OrderId: '5' });
    expect(within(row).queryByRole('button', { name: '去支付' })).toBeNull();
  });

  it('去支付 opens the payment page of the order’s application', async () => {
    fakeServer().on(
      getUserPaymentOrder,
      paged([paymentOrder({ OrderId: 5, ApplyId: 8, Status: 'Pending' })]),
    );
    renderScreen(MyOrderPage, paths.myOrder());
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.payment({ ApplyId: 8 }));
  });
});
