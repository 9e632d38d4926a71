export {
  useOrderRefund,
  REFUND_CONFIRM,
  REFUND_POLL_MS,
  type OrderRefund,
} from './use-order-refund';
