import { getProjectPaymentOrder, verifyPaymentOrder, type PaymentOrder } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, refusal } from '../../testing/fake-server';
import { PAY_URL, paymentOrder, payingOrder } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import { rememberedOrder, rememberOrder } from '../remembered-order';
import PaymentPage from './payment-page';
import { paths, routePath } from '../../../platform';

setUpScreenTests();

const order = paymentOrder;

const PATH = paths.payment({ ApplyId: 5 });
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  signIn();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

describe('payment: the order of an application, paid once at the cashier', () => {
  it('shows order number, project, amount in 元 and state; 去支付 goes to the cashier once', async () => {
    const server = fakeServer().on(getProjectPaymentOrder, payingOrder());
    renderScreen(PaymentPage, PATH);
    expect(await screen.findByText('P20260302100000123456')).toBeTruthy();
    expect(screen.getByText('2026年全国计算机应用能力在线测评（初级）')).toBeTruthy();
    expect(screen.getByText('80.00元')).toBeTruthy();
    expect(screen.getByText('待支付')).toBeTruthy();
    expect(server.calls(getProjectPaymentOrder)[0]?.input).toEqual({
      ApplyId: '5',
      Platform: '0',
      Device: 'mobile',
    });

    const pay = screen.getByRole('button', { name: /去支付/ });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(server.calls(getProjectPaymentOrder)[1]?.input).toMatchObject({ Provider: 'wechatpay' });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(PAY_URL);
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    expect(rememberedOrder(5)).toBe(9);
    expect(server.calls(verifyPaymentOrder)).toHaveLength(0);
  });

  it('offers WeChat Pay and Alipay in a phone browser; the candidate picks', async () => {
    const server = fakeServer().on(getProjectPaymentOrder, payingOrder());
    renderScreen(PaymentPage, PATH);
    fireEvent.click(await screen.findByText('支付宝'));
    expect(screen.getByText('跳转到支付宝完成付款')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /去支付/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(server.calls(getProjectPaymentOrder)[1]?.input).toMatchObject({ Provider: 'alipay' });
  });

  it('inside WeChat shows Alipay only as the open-in-browser guide', async () => {
    fakeServer().on(
      getProjectPaymentOrder,
      payingOrder({
        Offers: [
          { Provider: 'wechatpay', Channel: 'jsapi', Guide: null },
          {
            Provider: 'alipay',
            Channel: null,
            Guide: '微信内无法使用支付宝。请点击右上角「…」，选择「在浏览器中打开」',
          },
        ],
        Pay: null,
      }),
    );
    renderScreen(PaymentPage, PATH);
    expect(await screen.findByText(/选择「在浏览器中打开」/)).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('says before paying whether and until when the fee can come back', async () => {
    fakeServer().on(getProjectPaymentOrder, payingOrder());
    const first = renderScreen(PaymentPage, PATH);
    expect(
      await screen.findByText(
        '缴费后、打印准考证前可在“我的订单”中申请退款，最晚于2026-06-20 09:00（北京时间）前；审核未通过的可申请退还报名费',
      ),
    ).toBeTruthy();
    first.unmount();
    fakeServer().on(
      getProjectPaymentOrder,
      payingOrder({ RefundPolicy: { Refundable: false, RefundUntil: null } }),
    );
    renderScreen(PaymentPage, PATH);
    expect(
      await screen.findByText('本项目报名费缴纳后不予退还，请确认报考信息无误后再缴费'),
    ).toBeTruthy();
  });

  it('back from the cashier it asks VerifyPaymentOrder; paid shows 已支付, no pay button, and the ticket next', async () => {
    rememberOrder(5, 9);
    const server = fakeServer().on(
      verifyPaymentOrder,
      order({ Status: 'Paid', PaidTime: '2026-03-02T10:05:00+08:00', PayUrl: '' }),
    );
    renderScreen(PaymentPage, PATH);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
    expect(screen.getByText('已支付')).toBeTruthy();
    expect(server.calls(verifyPaymentOrder)[0]?.input).toEqual({ OrderId: '9' });
    expect(server.calls(getProjectPaymentOrder)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /去支付|重新支付/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '打印准考证' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.print({ ApplyId: 5 }));
  });

  it('a payment not yet confirmed says so; 我已支付 asks the gateway again, once per tap burst', async () => {
    rememberOrder(5, 9);
    let status: PaymentOrder['Status'] = 'Pending';
    const server = fakeServer()
      .on(verifyPaymentOrder, () => order(status === 'Paid' ? { Status: 'Paid', PayUrl: '' } : {}))
      .on(getProjectPaymentOrder, payingOrder());
    renderScreen(PaymentPage, PATH);
    expect(await screen.findByRole('heading', { name: '尚未收到支付结果' })).toBeTruthy();
    status = 'Paid';
    const paid = screen.getByRole('button', { name: '我已支付' });
    fireEvent.click(paid);
    fireEvent.click(paid);
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
    expect(server.calls(verifyPaymentOrder)).toHaveLength(2);
  });

  it('a payment not yet confirmed can be paid again at the same order’s cashier', async () => {
    rememberOrder(5, 9);
    fakeServer().on(verifyPaymentOrder, order()).on(getProjectPaymentOrder, payingOrder());
    renderScreen(PaymentPage, PATH);
    const again = await screen.findByRole('button', { name: '重新支付' });
    fireEvent.click(again);
    fireEvent.click(again);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(PAY_URL);
    expect((screen.getByRole('button', { name: '我已支付' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it.each([
    ['Cancelled', '支付已取消'],
    ['Failed', '支付失败'],
  ] as const)('a %s payment says so and 重新支付 pays a new order', async (status, title) => {
    rememberOrder(5, 9);
    const server = fakeServer()
      .on(verifyPaymentOrder, order({ Status: status, PayUrl: '' }))
      .on(
        getProjectPaymentOrder,
        payingOrder({ OrderId: 10, Pay: { Kind: 'redirect', Url: `${PAY_URL}2` } }),
      );
    renderScreen(PaymentPage, PATH);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    const retry = screen.getByRole('button', { name: '重新支付' });
    fireEvent.click(retry);
    fireEvent.click(retry);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${PAY_URL}2`));
    expect(assign).toHaveBeenCalledTimes(1);
    // The ways offered here, then the order for the one chosen.
    expect(server.calls(getProjectPaymentOrder)).toHaveLength(2);
    expect(rememberedOrder(5)).toBe(10);
  });

  it('an order that cannot be had shows why, with a retry', async () => {
    let refused = true;
    fakeServer().on(getProjectPaymentOrder, () =>
      refused ? refusal(409, '报名审核通过后才能缴费') : payingOrder(),
    );
    renderScreen(PaymentPage, PATH);
    expect(await screen.findByText('报名审核通过后才能缴费')).toBeTruthy();
    refused = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('P20260302100000123456')).toBeTruthy();
  });

  it('without an application id it leads to my projects', async () => {
    renderScreen(PaymentPage, routePath('payment'));
    fireEvent.click(await screen.findByRole('button', { name: '去我的项目' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.myProject());
  });
});
