import { refundDeadline } from '../projects/project-state.js';
import { randomInt } from 'node:crypto';
import type { ApplyStatus, Paged, PageQuery, PaymentOrder } from '@portal/contracts';
import { and, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  paymentOrders,
  projects,
  type PaymentOrderRow,
} from '../../db/schema/index.js';
import type { PaymentGateway, PaymentState } from '../ports.js';
import { isUniqueViolation } from '../../db/errors.js';
import { moveApplication, requireOwnApplication } from '../applications/applications.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { createUserMessage } from '../notices/messages.js';
import { ownAddress } from '../../platform/own-addresses.js';
import { pageOf } from '../paging.js';
import { beijingDateTime } from '../../platform/beijing-time.js';

export const ORDER_NOT_FOUND = '订单不存在';

/** A paid fee may come back while the application has not gone past payment, or was rejected. */
export const REFUNDABLE_APPLY_STATUSES: readonly ApplyStatus[] = ['Paid', 'Rejected'];

interface RefundFacts {
  refundable: boolean;
  examStartAt: Date | null;
  examEndAt: Date | null;
  applyStatus: ApplyStatus;
}

const isBeforeDeadline = (deadline: Date | null, now: Date) => !deadline || deadline > now;

/** The one rule for a refund: the server decides, the screen shows CanRefund. */
export function canRefund(order: PaymentOrderRow, facts: RefundFacts | undefined, now: Date) {
  return (
    order.status === 'Paid' &&
    !!facts?.refundable &&
    REFUNDABLE_APPLY_STATUSES.includes(facts.applyStatus) &&
    isBeforeDeadline(refundDeadline(facts.examStartAt, facts.examEndAt), now)
  );
}

async function refundFactsOf(db: Database, applyIds: number[]) {
  const links = await db
    .select({
      applyId: applications.id,
      applyStatus: applications.status,
      projectId: projects.id,
      title: projects.title,
      refundable: projects.refundable,
      examStartAt: projects.examStartAt,
      examEndAt: projects.examEndAt,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .where(inArray(applications.id, [...new Set(applyIds)]));
  return new Map(links.map((l) => [l.applyId, l]));
}

export async function toPaymentOrders(
  db: Database,
  rows: PaymentOrderRow[],
  now: Date,
): Promise<PaymentOrder[]> {
  if (rows.length === 0) return [];
  const byApply = await refundFactsOf(
    db,
    rows.map((r) => r.applicationId),
  );
  return rows.map((r) => {
    const facts = byApply.get(r.applicationId);
    return {
      OrderId: r.id,
      OrderNo: r.orderNo,
      ApplyId: r.applicationId,
      ProjectId: facts?.projectId ?? 0,
      ProjectTitle: facts?.title ?? '',
      AmountInFen: r.amountInFen,
      Status: r.status,
      CreateTime: r.createdAt.toISOString(),
      PaidTime: r.paidAt?.toISOString() ?? null,
      PayUrl: r.status === 'Pending' ? r.payUrl : '',
      CanRefund: canRefund(r, facts, now),
      RefundPolicy: {
        Refundable: facts?.refundable ?? false,
        RefundUntil: facts
          ? (refundDeadline(facts.examStartAt, facts.examEndAt)?.toISOString() ?? null)
          : null,
      },
      RefundRequestTime: r.refundRequestedAt?.toISOString() ?? null,
      RefundTime: r.refundedAt?.toISOString() ?? null,
    };
  });
}

async function toPaymentOrder(db: Database, row: PaymentOrderRow, now: Date) {
  return (await toPaymentOrders(db, [row], now))[0]!;
}

/** P + Beijing date-time + 6 random digits: unique enough, and readable on a receipt. */
export function newOrderNo(now: Date): string {
  const stamp = beijingDateTime(now).replace(/\D/g, '');
  return `P${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The cashier sends the candidate back only to an address of this deployment. */
export function checkReturnUrl(returnUrl: string, origins: ReadonlySet<string>): string {
  const url = ownAddress(returnUrl, origins);
  if (!url)
    throw badRequest('支付完成后的返回地址不在本站范围内', { ReturnUrl: '返回地址须为本站地址' });
  return url.toString();
}

async function pendingOrderOf(db: Database, applyId: number) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.applicationId, applyId), eq(paymentOrders.status, 'Pending')));
  return row;
}

/**
 * ProjectPayment/GetProjectPaymentOrder: an approved application with a fee gets one order;
 * asking again answers the same pending order.
 */
export async function getOrCreatePaymentOrder(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  input: { applyId: number; returnUrl: string },
  now: Date,
): Promise<PaymentOrder> {
  const application = await requireOwnApplication(db, userId, input.applyId);
  const [project] = await db.select().from(projects).where(eq(projects.id, application.projectId));
  if (!project || project.feeInFen === 0) throw conflict('该项目免费报名，无需缴费');
  if (['Paid', 'TicketIssued', 'Finished'].includes(application.status))
    throw conflict('报名费已缴纳，无需重复支付');
  if (application.status !== 'Approved') throw conflict('报名审核通过后才能缴费');
  const existing = await pendingOrderOf(db, application.id);
  if (existing) return toPaymentOrder(db, existing, now);
  const orderNo = newOrderNo(now);
  const subject = `${project.title} 报名费`;
  try {
    const row = await db.transaction(async (tx) => {
      const { payUrl } = await gateway.createPayment({
        orderNo,
        amountInFen: project.feeInFen,
        subject,
        returnUrl: input.returnUrl,
      });
      const [created] = await tx
        .insert(paymentOrders)
        .values({
          orderNo,
          userId,
          applicationId: application.id,
          amountInFen: project.feeInFen,
          subject,
          payUrl,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return created!;
    });
    return await toPaymentOrder(db, row, now);
  } catch (error) {
    // Two tabs asked at once: the other one's order stands.
    if (isUniqueViolation(error)) {
      const other = await pendingOrderOf(db, application.id);
      if (other) return toPaymentOrder(db, other, now);
    }
    throw error;
  }
}

/**
 * Records what the gateway says about an order, in one transaction: a paid order pays the
 * application. Safe to call again and again (callback and verify both land here).
 */
export async function settlePaymentOrder(
  db: Database,
  orderNo: string,
  state: PaymentState,
  now: Date,
): Promise<PaymentOrderRow> {
  return db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, orderNo))
      .for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== 'Pending' || state.status === 'Pending') return order;
    const [updated] = await tx
      .update(paymentOrders)
      .set({
        status: state.status,
        paidAt: state.status === 'Paid' ? (state.paidAt ?? now) : null,
        updatedAt: now,
      })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'Pending')))
      .returning();
    if (state.status === 'Paid') {
      const [application] = await tx
        .select()
        .from(applications)
        .where(eq(applications.id, order.applicationId))
        .for('update');
      if (application?.status === 'Approved') {
        await moveApplication(tx, application, 'Paid', {
          actor: 'system',
          now,
          remark: `订单 ${order.orderNo} 支付成功`,
        });
        await createUserMessage(tx, {
          userId: order.userId,
          title: '缴费成功',
          content: `<p>您已成功缴纳“${order.subject}”，金额 ${(order.amountInFen / 100).toFixed(2)} 元，订单号 ${order.orderNo}。现在可以打印准考证。</p>`,
          projectId: application.projectId,
          createdAt: now,
        });
      }
    }
    return updated ?? order;
  });
}

export async function requireOwnOrder(
  db: Database,
  userId: number,
  orderId: number,
): Promise<PaymentOrderRow> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, userId)));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** ProjectPayment/VerifyPaymentOrder: asks the gateway and records its answer. */
export async function verifyPaymentOrder(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  orderId: number,
  now: Date,
): Promise<PaymentOrder> {
  const order = await requireOwnOrder(db, userId, orderId);
  if (order.status === 'Refunding')
    return toPaymentOrder(db, await settleRefund(db, gateway, order, now), now);
  if (order.status !== 'Pending') return toPaymentOrder(db, order, now);
  const state = await gateway.queryPayment(order.orderNo);
  return toPaymentOrder(db, await settlePaymentOrder(db, order.orderNo, state, now), now);
}

/** How long an order may wait for its notification before the provider is asked, and for how long. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
export const RECONCILE_WITHIN_MS = 24 * 3600_000;

/**
 * Asks the provider about orders still pending a while after they were made, so "paid at the
 * provider but pending here" heals without the candidate pressing 我已支付. Returns how many settled.
 */
export async function reconcilePendingOrders(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
  onError: (orderNo: string, error: unknown) => void,
): Promise<number> {
  const rows = await db
    .select({ orderNo: paymentOrders.orderNo })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'Pending'),
        lt(paymentOrders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        gt(paymentOrders.createdAt, new Date(now.getTime() - RECONCILE_WITHIN_MS)),
      ),
    )
    .limit(200);
  let settled = 0;
  for (const { orderNo } of rows) {
    try {
      const order = await settlePaymentOrder(db, orderNo, await gateway.queryPayment(orderNo), now);
      if (order.status !== 'Pending') settled += 1;
    } catch (error) {
      onError(orderNo, error);
    }
  }
  // Refunds under way heal the same way (WeChat Pay and Alipay answer a refund query).
  const refunding = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, 'Refunding'),
        gt(paymentOrders.refundRequestedAt, new Date(now.getTime() - 30 * RECONCILE_WITHIN_MS)),
      ),
    )
    .limit(200);
  for (const order of refunding) {
    try {
      if ((await settleRefund(db, gateway, order, now)).status === 'Refunded') settled += 1;
    } catch (error) {
      onError(order.orderNo, error);
    }
  }
  return settled;
}

/** R + the order number's digits: one refund per order, and the same number on a retry. */
export const refundNoOf = (orderNo: string) => `R${orderNo.slice(1)}`;

/**
 * ProjectPayment/RefundPaymentOrder: the candidate's refund of a paid order where canRefund says
 * so. In one transaction the order goes Refunding (or Refunded at once when the provider says
 * so), the application back to approved-and-unpaid (no ticket on a fee asked back), and the
 * provider is asked; if the provider refuses, nothing changes. The refund number is fixed per
 * order, so a retry is one refund at the provider.
 */
export async function requestRefund(
  db: Database,
  gateway: PaymentGateway,
  userId: number,
  orderId: number,
  now: Date,
): Promise<PaymentOrder> {
  const refund = gateway.refund;
  if (!refund) throw conflict('当前支付方式不支持在线退款，请联系项目主办方');
  const own = await requireOwnOrder(db, userId, orderId);
  const row = await db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, own.id))
      .for('update');
    if (!order || order.status === 'Refunding' || order.status === 'Refunded')
      throw conflict('该订单已申请退款，请勿重复提交');
    if (order.status !== 'Paid') throw conflict('只有已支付的订单可以退款');
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, order.applicationId))
      .for('update');
    const facts = (await refundFactsOf(tx, [order.applicationId])).get(order.applicationId);
    if (!application || !canRefund(order, facts, now))
      throw conflict(
        facts?.refundable
          ? '报名已进入打印准考证或考试阶段，不能再退款'
          : '该项目不支持退款，如有疑问请联系项目主办方',
      );
    const refundNo = refundNoOf(order.orderNo);
    if (application.status === 'Paid')
      await moveApplication(tx, application, 'Approved', {
        actor: 'candidate',
        now,
        remark: `订单 ${order.orderNo} 申请退款`,
      });
    const status = await refund({
      orderNo: order.orderNo,
      refundNo,
      amountInFen: order.amountInFen,
      totalInFen: order.amountInFen,
      reason: `${order.subject} 退款`,
    });
    if (status === 'Failed') throw conflict('退款申请未被支付机构受理，请稍后再试或联系项目主办方');
    const [updated] = await tx
      .update(paymentOrders)
      .set({
        status,
        refundNo,
        refundRequestedAt: now,
        refundedAt: status === 'Refunded' ? now : null,
        updatedAt: now,
      })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    await createUserMessage(tx, {
      userId: order.userId,
      title: status === 'Refunded' ? '退款成功' : '退款申请已受理',
      content: `<p>“${order.subject}”的退款（${(order.amountInFen / 100).toFixed(2)} 元，订单号 ${order.orderNo}）${status === 'Refunded' ? '已原路退回' : '已提交支付机构，将原路退回'}。</p>`,
      projectId: application.projectId,
      createdAt: now,
    });
    return updated!;
  });
  return toPaymentOrder(db, row, now);
}

/** A refund under way: asks the provider and records 已退款 once it says so (idempotent). */
export async function settleRefund(
  db: Database,
  gateway: PaymentGateway,
  order: PaymentOrderRow,
  now: Date,
): Promise<PaymentOrderRow> {
  if (order.status !== 'Refunding' || !order.refundNo || !gateway.queryRefund) return order;
  const status = await gateway.queryRefund({ orderNo: order.orderNo, refundNo: order.refundNo });
  if (status !== 'Refunded') return order;
  const [updated] = await db
    .update(paymentOrders)
    .set({ status: 'Refunded', refundedAt: now, updatedAt: now })
    .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, 'Refunding')))
    .returning();
  return updated ?? order;
}

/** MerchantOrder/GetUserPaymentOrder: the caller's orders, newest first. */
export async function listUserOrders(
  db: Database,
  userId: number,
  page: PageQuery,
  now: Date,
): Promise<Paged<PaymentOrder>> {
  const where = eq(paymentOrders.userId, userId);
  return pageOf(
    page,
    {
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(paymentOrders)
          .where(where)
          .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
          .limit(limit)
          .offset(offset),
      count: () => db.select({ n: count() }).from(paymentOrders).where(where),
    },
    (rows) => toPaymentOrders(db, rows, now),
  );
}
