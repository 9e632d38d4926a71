import {
  getEquityBuy,
  getProjectPaymentOrder,
  getUserPaymentOrder,
  PLATFORM_CODES,
  refundPaymentOrder,
  verifyPaymentOrder,
  type PlatformCode,
} from '@portal/contracts';
import { payerOpenIdOf } from '../../domain/accounts/users.js';
import { listEquityPackages } from '../../domain/content/enterprise.js';
import { DEFAULT_PAY_CONTEXT, payOffers } from '../../domain/payments/channels.js';
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
  route(getProjectPaymentOrder, async ({ input, requireUser, deps, clientIp }) => {
    const { config } = deps;
    const { userId } = requireUser();
    const returnUrl = input.ReturnUrl
      ? checkReturnUrl(input.ReturnUrl, ownOrigins(config))
      : `${config.clientDomain}/views/payment?ApplyId=${input.ApplyId}`;
    const context = {
      platform: (input.Platform ?? DEFAULT_PAY_CONTEXT.platform) as PlatformCode,
      device: input.Device ?? DEFAULT_PAY_CONTEXT.device,
    };
    const payerOpenId =
      context.platform === PLATFORM_CODES.weChat ? await payerOpenIdOf(deps.db, userId) : null;
    const { miniProgramPayPath } = config.payment;
    const offers = payOffers(context, {
      providers: deps.gateways.payment.offered,
      payerOpenId,
      miniProgramPayPath,
    });
    return getOrCreatePaymentOrder(
      deps.db,
      deps.gateways.payment,
      userId,
      {
        applyId: input.ApplyId,
        returnUrl,
        offers,
        ...(input.Provider ? { provider: input.Provider } : {}),
        clientIp,
        payerOpenId,
        miniProgramPayPath,
      },
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
