import { getProjectPaymentOrder } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../platform';
import { fakeServer } from '../../testing/fake-server';
import { payingOrder } from '../../testing/fixtures';
import { renderScreen, setUpScreenTests, signIn } from '../../testing/render-screen';
import PaymentPage from './payment-page';

setUpScreenTests();
beforeEach(() => signIn());

describe('desktop payment', () => {
  it('names the page once (the breadcrumb says 缴纳报名费; the page heads its order) — issue 30, point 11', async () => {
    fakeServer().on(getProjectPaymentOrder, payingOrder());
    renderScreen(PaymentPage, paths.payment({ ApplyId: 5 }));
    expect(await screen.findByRole('heading', { name: '订单信息' })).toBeTruthy();
    expect(screen.queryAllByText(/缴纳报名费/)).toHaveLength(0);
  });
});
