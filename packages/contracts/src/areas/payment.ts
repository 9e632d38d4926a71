import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pagedSchema, pageQuerySchema, timeSchema, urlSchema } from '../envelope.js';
import { lazySchema } from '../lazy-schema.js';

/** pending → paid | cancelled | failed; paid → refunding → refunded (the candidate's refund). */
export const ORDER_STATUSES = [
  'Pending',
  'Paid',
  'Cancelled',
  'Failed',
  'Refunding',
  'Refunded',
] as const;
export const orderStatusSchema = lazySchema(() => z.enum(ORDER_STATUSES));
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  Pending: '待支付',
  Paid: '已支付',
  Cancelled: '已取消',
  Failed: '支付失败',
  Refunding: '退款中',
  Refunded: '已退款',
};

export const paymentOrderSchema = lazySchema(() =>
  z.object({
    OrderId: z.number().int(),
    OrderNo: z.string(),
    ApplyId: z.number().int(),
    ProjectId: z.number().int(),
    ProjectTitle: z.string(),
    AmountInFen: z.number().int().positive(),
    Status: orderStatusSchema,
    CreateTime: timeSchema,
    PaidTime: timeSchema.nullable(),
    /** Where the candidate pays (the gateway's cashier); empty once paid. */
    PayUrl: z.string(),
    /** The server's word: this paid order may be refunded now (the project allows it, see RefundPaymentOrder). */
    CanRefund: z.boolean(),
    /**
     * What the project allows, said before paying: a refund can be asked for once paid, until the
     * ticket is printed and at the latest until RefundUntil (the exam's start), or not at all.
     */
    RefundPolicy: z.object({ Refundable: z.boolean(), RefundUntil: timeSchema.nullable() }),
    /** When the refund was asked for, and when the money went back. */
    RefundRequestTime: timeSchema.nullable(),
    RefundTime: timeSchema.nullable(),
  }),
);
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** Creates the order of an approved application with a fee, or returns the one it has. */
export const getProjectPaymentOrder = defineEndpoint('ProjectPayment/GetProjectPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: () => z.object({ ApplyId: idSchema, ReturnUrl: urlSchema.optional() }),
  response: () => paymentOrderSchema,
});

/** Asks the gateway for the order's real state and records it. */
export const verifyPaymentOrder = defineEndpoint('ProjectPayment/VerifyPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: () => z.object({ OrderId: idSchema }),
  response: () => paymentOrderSchema,
});

/**
 * The candidate asks for the fee back. Allowed where the project allows refunds and the
 * application has not gone past payment (no ticket printed, the exam not begun), or was rejected;
 * the order goes 退款中, then 已退款 when the provider has paid it back (VerifyPaymentOrder asks).
 */
export const refundPaymentOrder = defineEndpoint('ProjectPayment/RefundPaymentOrder', {
  method: 'POST',
  client: 'exam-payment',
  request: () => z.object({ OrderId: idSchema }),
  response: () => paymentOrderSchema,
});

export const getUserPaymentOrder = defineEndpoint('MerchantOrder/GetUserPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: () => pageQuerySchema,
  response: () => pagedSchema(paymentOrderSchema),
});

export const equityPackageSchema = lazySchema(() =>
  z.object({
    EquityId: z.number().int(),
    Name: z.string(),
    Description: z.string(),
    PriceInFen: z.number().int().min(0),
    DurationDays: z.number().int().positive(),
    Features: z.array(z.string()),
  }),
);
export type EquityPackage = z.infer<typeof equityPackageSchema>;

export const getEquityBuy = defineEndpoint('Enterprise/GetEquityBuy', {
  method: 'GET',
  client: 'exam-payment',
  auth: 'optional',
  path: '/EnterpriseService/v1/Enterprise/GetEquityBuy',
  request: () => z.object({}),
  response: () => z.object({ Items: z.array(equityPackageSchema) }),
});
