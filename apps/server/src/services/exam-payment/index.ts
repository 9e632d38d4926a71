import {
  getEquityBuy,
  getProjectPaymentOrder,
  getUserPaymentOrder,
  refundPaymentOrder,
  verifyPaymentOrder,
} from '@portal/contracts';
import { listEquityPackages } from '../../domain/content/enterprise.js';
import { ownOrigins } from '../../platform/own-addresses.js';
import {
  checkReturnUrl,
  getOrCreatePaymentOrder,
  listUserOrders,
  requestRefund,
  verifyPaymentOrder as verifyOrder,
} from '../../domain/payments/payments.js';
import { route, type ServiceRoute } from '../route.js';

export const routes: ServiceRoute[] = [
  route(getProjectPaymentOrder, async ({ input, requireUser, deps }) => {
    const { config } = deps;
    const returnUrl = input.ReturnUrl
      ? checkReturnUrl(input.ReturnUrl, ownOrigins(config))
      : `${config.clientDomain}/views/payment?ApplyId=${input.ApplyId}`;
    return getOrCreatePaymentOrder(
      deps.db,
      deps.gateways.payment,
      requireUser().userId,
      { applyId: input.ApplyId, returnUrl },
      deps.now(),
    );
  }),
  route(verifyPaymentOrder, async ({ input, requireUser, deps }) =>
    verifyOrder(deps.db, deps.gateways.payment, requireUser().userId, input.OrderId, deps.now()),
  ),
  route(refundPaymentOrder, async ({ input, requireUser, deps }) =>
    requestRefund(deps.db, deps.gateways.payment, requireUser().userId, input.OrderId, deps.now()),
  ),
  route(getUserPaymentOrder, async ({ input, requireUser, deps }) =>
    listUserOrders(deps.db, requireUser().userId, input, deps.now()),
  ),
  route(getEquityBuy, async ({ deps }) => listEquityPackages(deps.db)),
];
