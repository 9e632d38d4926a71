import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idSchema, pagedSchema, pageQuerySchema, timeSchema } from '../envelope.js';

export const ORDER_STATUSES = ['Pending', 'Paid', 'Cancelled', 'Failed'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  Pending: '待支付',
  Paid: '已支付',
  Cancelled: '已取消',
  Failed: '支付失败',
};

export const paymentOrderSchema = z.object({
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
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** Creates the order of an approved application with a fee, or returns the one it has. */
export const getProjectPaymentOrder = defineEndpoint('ProjectPayment/GetProjectPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: z.object({ ApplyId: idSchema, ReturnUrl: z.string().url().optional() }),
  response: paymentOrderSchema,
});

/** Asks the gateway for the order's real state and records it. */
export const verifyPaymentOrder = defineEndpoint('ProjectPayment/VerifyPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: z.object({ OrderId: idSchema }),
  response: paymentOrderSchema,
});

export const getUserPaymentOrder = defineEndpoint('MerchantOrder/GetUserPaymentOrder', {
  method: 'GET',
  client: 'exam-payment',
  request: pageQuerySchema,
  response: pagedSchema(paymentOrderSchema),
});

export const equityPackageSchema = z.object({
  EquityId: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  PriceInFen: z.number().int().min(0),
  DurationDays: z.number().int().positive(),
  Features: z.array(z.string()),
});
export type EquityPackage = z.infer<typeof equityPackageSchema>;

export const getEquityBuy = defineEndpoint('Enterprise/GetEquityBuy', {
  method: 'GET',
  client: 'exam-payment',
  auth: 'optional',
  path: '/EnterpriseService/v1/Enterprise/GetEquityBuy',
  request: z.object({}),
  response: z.object({ Items: z.array(equityPackageSchema) }),
});
