import { idParam } from '../../shared/id';

/**
 * The order an application was sent to the cashier with, so the return to
 * /views/payment?ApplyId= can ask VerifyPaymentOrder about it (the cashier only gives ApplyId back).
 */
const KEY_PREFIX = 'portal.payment.order:';

export function rememberOrder(applyId: number, orderId: number): void {
  try {
    localStorage.setItem(`${KEY_PREFIX}${applyId}`, String(orderId));
  } catch {
    // Storage refused (private mode): the page then asks for the order again, which still works.
  }
}

export function rememberedOrder(applyId: number): number | undefined {
  try {
    return idParam(localStorage.getItem(`${KEY_PREFIX}${applyId}`));
  } catch {
    return undefined;
  }
}
