import {
  getUserCollectProject,
  getUserPaymentOrder,
  getUserProject,
  paymentOrderSchema,
} from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { applySummary, paged, projectSummary } from '../../testing/fixtures';
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
    const order = paymentOrderSchema.parse({
      OrderId: 9,
      OrderNo: 'P2026001',
      ApplyId: 5,
      ProjectId: 1,
      ProjectTitle: '测评报名',
      AmountInFen: 8000,
      Status: 'Pending',
      CreateTime: '2026-03-02T10:00:00+08:00',
      PaidTime: null,
      PayUrl: 'https://pay.example.com/1',
    });
    fakeServer().on(getUserPaymentOrder, paged([order]));
    const first = renderScreen(MyOrderPage, paths.myOrder());
    const link = within(await screen.findByRole('list', { name: '我的订单' })).getByRole('link');
    expect(link.textContent).toContain('80.00元');
    expect(link.textContent).toContain('待支付');
    first.unmount();
    fakeServer().on(getUserPaymentOrder, paged([]));
    renderScreen(MyOrderPage, paths.myOrder());
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去看看项目' })).toBeTruthy();
  });
});
