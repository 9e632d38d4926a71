import type { DeviceType, PayingOrder, PaymentOrder, PayProvider } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  currentPlatformCode,
  leaveTo,
  openMiniProgramPayPage,
  requestAlipayTradePay,
  requestWeChatPay,
  type BridgeOutcome,
} from '../../platform';
import {
  projectPaymentOrderQueryOptions,
  usePayWith,
  useProjectPaymentOrder,
  type PayPlace,
} from './api/get-project-payment-order';
import { useVerifiedOrder, verifiedOrderQueryOptions } from './api/verify-payment-order';
import { rememberedOrder, rememberOrder } from './remembered-order';

/** What the pay page offers for an order: pay it, check it after the cashier, or a new order. */
export type PaymentStage = 'paid' | 'returned-pending' | 'pending' | 'retry';

/** A Native QR code on screen: the order is asked about at this pace until it is paid. */
export const NATIVE_POLL_MS = 3000;

export function paymentStageOf(order: PaymentOrder, returned: boolean): PaymentStage {
  if (order.Status === 'Paid') return 'paid';
  if (order.Status === 'Pending') return returned ? 'returned-pending' : 'pending';
  return 'retry';
}

/** The app's bridges, replaceable in tests. */
export interface PayBridges {
  leave: (url: string) => void;
  weChatPay: typeof requestWeChatPay;
  alipayTradePay: typeof requestAlipayTradePay;
  miniProgram: typeof openMiniProgramPayPage;
}
const BRIDGES: PayBridges = {
  leave: leaveTo,
  weChatPay: requestWeChatPay,
  alipayTradePay: requestAlipayTradePay,
  miniProgram: openMiniProgramPayPage,
};

/**
 * Paying an application without its looks. The page says where it is (platform, phone or
 * desktop); the server answers the ways offered here and, for the one chosen, how to pay: a
 * cashier to open, a Native code to show (asked about until paid), WeChat's or Alipay's bridge,
 * or the mini-program's payment page. A bridge's "ok" is only a hint: VerifyPaymentOrder decides.
 * `pay` is a no-op while anything is in flight and there is nothing to pay once paid.
 */
export function usePayment(
  applyId: number | undefined,
  device: DeviceType,
  bridges: PayBridges = BRIDGES,
) {
  const [place] = useState<PayPlace>(() => ({ Platform: currentPlatformCode(), Device: device }));
  // The order being asked about: sent to a cashier earlier, or paid through a bridge or a QR code.
  const [watchedOrderId, setWatchedOrderId] = useState(() =>
    applyId ? rememberedOrder(applyId) : undefined,
  );
  const [codeUrl, setCodeUrl] = useState<string>();
  const [bridgeOutcome, setBridgeOutcome] = useState<Exclude<BridgeOutcome, 'ok'>>();
  const [leaving, setLeaving] = useState(false);
  // Set at the first tap, before React re-renders the button as disabled: one tap, one payment.
  const inFlight = useRef(false);
  const queryClient = useQueryClient();
  const verified = useVerifiedOrder(watchedOrderId, codeUrl ? NATIVE_POLL_MS : undefined);
  const watched = watchedOrderId !== undefined;
  // The ways offered are asked for unless the order asked about is settled (asking would refuse).
  const created = useProjectPaymentOrder(
    applyId ?? 0,
    place,
    !watched || (verified.data !== undefined && verified.data.Status !== 'Paid'),
  );
  const payWith = usePayWith(applyId ?? 0, place);
  const query = watched ? verified : created;
  const returned = watched && !codeUrl;

  // Back from the cashier through the browser's page cache: the page is live again, ask anew.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !applyId) return;
      inFlight.current = false;
      setLeaving(false);
      setWatchedOrderId(rememberedOrder(applyId));
      void verified.refetch();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [applyId, verified]);

  /** From now on the page shows this order as the server says it is. */
  const watch = (order: PayingOrder) => {
    queryClient.setQueryData(verifiedOrderQueryOptions(order.OrderId).queryKey, order);
    setWatchedOrderId(order.OrderId);
  };

  const afterBridge = (order: PayingOrder, outcome: BridgeOutcome) => {
    if (outcome === 'ok') {
      watch(order);
      void queryClient.invalidateQueries({
        queryKey: verifiedOrderQueryOptions(order.OrderId).queryKey,
      });
    } else setBridgeOutcome(outcome);
  };

  /** What the order's channel asks of the page; true when the page is left for a cashier. */
  const payThrough = async (order: PayingOrder): Promise<boolean> => {
    const action = order.Pay;
    if (!action) return false;
    if (applyId) rememberOrder(applyId, order.OrderId);
    switch (action.Kind) {
      case 'redirect':
        setLeaving(true);
        bridges.leave(action.Url);
        return true;
      case 'qr':
        setCodeUrl(action.CodeUrl);
        watch(order);
        break;
      case 'wechat-jsapi':
        afterBridge(order, await bridges.weChatPay(action.Params));
        break;
      case 'alipay-trade-pay':
        afterBridge(order, await bridges.alipayTradePay(action.OrderStr));
        break;
      case 'mini-program':
        afterBridge(order, await bridges.miniProgram(action.Path));
        break;
    }
    return false;
  };

  /** 去支付 / 继续支付 / 重新支付 with a provider: the server makes (or keeps) the order for it. */
  const pay = async (provider: PayProvider) => {
    if (inFlight.current || query.data?.Status === 'Paid') return;
    inFlight.current = true;
    setBridgeOutcome(undefined);
    setCodeUrl(undefined);
    try {
      const order = await payWith.mutateAsync(provider);
      queryClient.setQueryData(
        projectPaymentOrderQueryOptions(applyId ?? 0, place).queryKey,
        order,
      );
      if (order.Status !== 'Pending') watch(order);
      // Gone to a cashier: nothing more is started from this page.
      else if (await payThrough(order)) return;
    } catch {
      // The HTTP layer has said why (§8); the button is live again for another try.
    }
    inFlight.current = false;
  };

  /** 我已支付: ask the gateway again. */
  const verify = () => void verified.refetch({ cancelRefetch: false });

  const order = query.data;
  return {
    query,
    order,
    /** The ways offered here: the usable ones, and those with a guide instead. */
    offers: created.data?.Offers ?? [],
    /** The provider the order was made for, else the first usable one. */
    defaultProvider:
      order?.Provider ?? created.data?.Offers.find((offer) => offer.Channel)?.Provider,
    /** Back from a cashier or a bridge: the order's state came from the gateway. */
    returned,
    stage: order ? paymentStageOf(order, returned) : undefined,
    /** A Native code URL to draw as a QR code (the order is asked about until paid). */
    codeUrl: order?.Status === 'Pending' ? codeUrl : undefined,
    /** The bridge's word when it was not ok: the order stays pending (cancel) or failed to start. */
    bridgeOutcome,
    pay,
    verify,
    leaving,
    verifying: verified.isFetching && !codeUrl,
    /** Anything in flight: every pay button is off. */
    busy: leaving || (query.isFetching && !codeUrl) || payWith.isPending,
  };
}
