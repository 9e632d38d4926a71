import {
  getUserCollectProject,
  getUserPaymentOrder,
  getUserProject,
  refundPaymentOrder,
  verifyPaymentOrder,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { applySummary, paged, paymentOrder, projectSummary } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import MyLikePage from './my-like-page';
import MyOrderPage from './my-order-page';
import MyProjectPage from './my-project-page';
import { paths } from '../../../platform';

setUpScreenTests();

describe('my: the personal centre lists', () => {
  it('my/myProject shows each application with its state and leads back into its flow', async () => {
    signIn();
    fakeServer().on(getUserProject, paged([applySummary({ Status: 'UnderReview' })]));
    renderScreen(MyProjectPage, paths.myProject());
    const list = await screen.findByRole('list', { name: '我的项目' });
    const link = within(list).getByRole('link');
    expect(link.textContent).toContain('审核中');
    expect(link.getAttribute('href')).toBe(paths.flowManage({ ProjectId: 1 }));
  });

  it('my/myLike shows the collected projects', async () => {
    signIn();
    fakeServer().on(
      getUserCollectProject,
      paged([
        { ...projectSummary({ Title: '收藏的项目' }), CollectTime: '2026-03-02T10:00:00+08:00' },
      ]),
    );
    renderScreen(MyLikePage, paths.myLike());
    expect(await screen.findByRole('heading', { name: '收藏的项目' })).toBeTruthy();
  });

  it('my/myOrder shows amount and order state; an empty list says so with a way on', async () => {
    signIn();
    const order = paymentOrder({ ProjectTitle: '测评报名' });
    fakeServer().on(getUserPaymentOrder, paged([order]));
    const first = renderScreen(MyOrderPage, paths.myOrder());
    const card = within(await screen.findByRole('list', { name: '我的订单' })).getByRole(
      'article',
      { name: '测评报名' },
    );
    expect(card.textContent).toContain('80.00元');
    expect(card.textContent).toContain('待支付');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      paths.flowManage({ ProjectId: 1 }),
    );
    expect(within(card).queryByRole('button', { name: '申请退款' })).toBeNull();
    first.unmount();
    fakeServer().on(getUserPaymentOrder, paged([]));
    renderScreen(MyOrderPage, paths.myOrder());
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去看看项目' })).toBeTruthy();
  });

  it(
    'my/myOrder: a refundable paid order is refunded after a confirmation, once, and shows 退款中 then 已退款',
    { timeout: 20_000 },
    async () => {
      signIn();
      const paid = paymentOrder({
        ProjectTitle: '测评报名',
        Status: 'Paid',
        PaidTime: '2026-03-02T10:05:00+08:00',
        PayUrl: '',
        CanRefund: true,
      });
      const refunding = {
        ...paid,
        Status: 'Refunding' as const,
        CanRefund: false,
        RefundRequestTime: '2026-03-03T09:00:00+08:00',
      };
      const refunded = {
        ...refunding,
        Status: 'Refunded' as const,
        RefundTime: '2026-03-03T09:00:05+08:00',
      };
      let verifies = 0;
      const server = fakeServer()
        .on(getUserPaymentOrder, paged([paid]))
        .on(refundPaymentOrder, refunding)
        // The provider pays back on the second ask.
        .on(verifyPaymentOrder, () => (++verifies >= 2 ? refunded : refunding));
      renderScreen(MyOrderPage, paths.myOrder());
      const card = await screen.findByRole('article', { name: '测评报名' });
      expect(card.textContent).toContain('已支付');

      fireEvent.click(within(card).getByRole('button', { name: '申请退款' }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('确定申请退还“测评报名”的报名费吗？');
      // 再想想 closes it and sends nothing.
      fireEvent.click(within(dialog).getByText('再想想'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(server.calls(refundPaymentOrder)).toEqual([]);

      fireEvent.click(within(card).getByRole('button', { name: '申请退款' }));
      const again = await screen.findByRole('dialog');
      const confirm = within(again).getByText('确认退款');
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      await waitFor(() => expect(card.querySelector('.state-tag')?.textContent).toBe('退款中'));
      expect(server.calls(refundPaymentOrder)).toEqual([
        { name: refundPaymentOrder.name, input: { OrderId: 9 }, form: undefined },
      ]);
      expect(within(card).queryByRole('button', { name: '申请退款' })).toBeNull();
      await waitFor(() => expect(card.querySelector('.state-tag')?.textContent).toBe('已退款'), {
        timeout: 10_000,
      });
    },
  );
});
