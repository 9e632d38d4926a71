import { payDeadline, refundDeadline } from '../projects/project-state.js';
import { randomInt } from 'node:crypto';
import type {
  ApplyStatus,
  Paged,
  PageQuery,
  PayAction,
  PayingOrder,
  PayOffer,
  PayProvider,
  PaymentOrder,
} from '@portal/contracts';
import { and, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  paymentOrders,
  projects,
  type PaymentOrderRow,
} from '../../db/schema/index.js';
import type { PaymentGateway, PaymentGateways, PaymentState } from '../ports.js';
import { isUniqueViolation } from '../../db/errors.js';
import { moveApplication, requireOwnApplication } from '../applications/applications.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { createUserMessage } from '../notices/messages.js';
import { ownAddress } from '../../platform/own-addresses.js';
import { pageOf } from '../paging.js';
import { beijingDateTime, beijingMinute } from '../../platform/beijing-time.js';

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
      Provider: r.provider,
      Channel: r.channel,
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

export async function pendingOrderOf(db: Database, applyId: number) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.applicationId, applyId), eq(paymentOrders.status, 'Pending')));
  return row;
}

/** What the page does to pay a pending order through the channel it was made for. */
export function payActionOf(order: PaymentOrderRow, miniProgramPayPath: string): PayAction | null {
  if (order.status !== 'Pending') return null;
  switch (order.channel) {
    case 'jsapi':
      return order.payArgs?.jsapi ? { Kind: 'wechat-jsapi', Params: order.payArgs.jsapi } : null;
    case 'native':
      return { Kind: 'qr', CodeUrl: order.payUrl };
    case 'miniprogram':
      return {
        Kind: 'mini-program',
        Path: `${miniProgramPayPath}?${new URLSearchParams({ orderNo: order.orderNo, orderId: String(order.id) })}`,
      };
    case 'app':
      return order.payArgs?.orderStr
        ? { Kind: 'alipay-trade-pay', OrderStr: order.payArgs.orderStr }
        : null;
    default:
      return order.payUrl ? { Kind: 'redirect', Url: order.payUrl } : null;
  }
}

export interface PaymentOrderRequest {
  applyId: number;
  returnUrl: string;
  /** The ways offered where the candidate is (payOffers). */
  offers: PayOffer[];
  /** The candidate's choice; where one way only is usable, that one. */
  provider?: PayProvider;
  clientIp?: string;
  /** JSAPI's payer. */
  payerOpenId?: string | null;
  miniProgramPayPath: string;
}

/** The pending order answered with the ways offered and, when it fits here, how to pay it. */
async function toPayingOrder(
  db: Database,
  row: PaymentOrderRow,
  request: PaymentOrderRequest,
  now: Date,
): Promise<PayingOrder> {
  const fits = request.offers.some(
    (offer) => offer.Provider === row.provider && offer.Channel === row.channel,
  );
  return {
    ...(await toPaymentOrder(db, row, now)),
    Offers: request.offers,
    Pay: fits ? payActionOf(row, request.miniProgramPayPath) : null,
  };
}

/**
 * ProjectPayment/GetProjectPaymentOrder: an approved application with a fee gets one order;
 * asking again answers the same pending order. The order is made at the chosen provider through
 * the channel offered where the candidate is; a pending order made for another way is closed at
 * its provider (unless it was paid meanwhile) and a new one made. Where several ways are offered
 * and none is chosen yet, the order waits for the choice.
 */
export async function getOrCreatePaymentOrder(
  db: Database,
  gateways: PaymentGateways,
  userId: number,
  request: PaymentOrderRequest,
  now: Date,
): Promise<PayingOrder> {
  const application = await requireOwnApplication(db, userId, request.applyId);
  const [project] = await db.select().from(projects).where(eq(projects.id, application.projectId));
  if (!project || project.feeInFen === 0) throw conflict('该项目免费报名，无需缴费');
  if (['Paid', 'TicketIssued', 'Finished'].includes(application.status))
    throw conflict('报名费已缴纳，无需重复支付');
  if (application.status !== 'Approved') throw conflict('报名审核通过后才能缴费');
  const deadline = payDeadline(project.examStartAt, project.examEndAt);
  if (deadline && deadline <= now)
    throw conflict(`缴费已于${beijingMinute(deadline)}截止，不能再缴费。如有疑问请联系项目主办方`);
  const chosen = chosenOffer(request);
  let existing = await pendingOrderOf(db, application.id);
  if (
    existing &&
    chosen &&
    (existing.provider !== chosen.Provider || existing.channel !== chosen.Channel)
  ) {
    if (existing.provider !== null) {
      const closed = await closeForAnotherWay(db, gateways, existing, now);
      if (closed.status === 'Paid') return toPayingOrder(db, closed, request, now);
      existing = undefined;
    }
  }
  if (existing && (!chosen || existing.provider !== null))
    return toPayingOrder(db, existing, request, now);
  const orderNo = existing?.orderNo ?? newOrderNo(now);
  const subject = `${project.title} 报名费`;
  try {
    const row = await db.transaction(async (tx) => {
      // The order (when there is one), then the application, as settling and withdrawing lock
      // them: an application withdrawn meanwhile gets no order to pay.
      if (existing)
        await tx
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.id, existing.id))
          .for('update');
      const [current] = await tx
        .select({ status: applications.status })
        .from(applications)
        .where(eq(applications.id, application.id))
        .for('update');
      if (current?.status !== 'Approved') throw conflict('报名状态已变化，请刷新后重试');
      const made = chosen
        ? await gateways.of(chosen.Provider).createPayment({
            orderNo,
            amountInFen: project.feeInFen,
            subject,
            returnUrl: request.returnUrl,
            provider: chosen.Provider,
            channel: chosen.Channel!,
            ...(request.payerOpenId ? { payerOpenId: request.payerOpenId } : {}),
            ...(request.clientIp ? { clientIp: request.clientIp } : {}),
          })
        : { payUrl: '' };
      const way = {
        payUrl: made.payUrl,
        provider: chosen?.Provider ?? null,
        channel: chosen?.Channel ?? null,
        payArgs: made.jsapi
          ? { jsapi: made.jsapi }
          : made.orderStr
            ? { orderStr: made.orderStr }
            : null,
        updatedAt: now,
      };
      // A waiting order (no way chosen yet) keeps its number: it was never at a provider.
      if (existing) {
        const [updated] = await tx
          .update(paymentOrders)
          .set(way)
          .where(eq(paymentOrders.id, existing.id))
          .returning();
        return updated!;
      }
      const [created] = await tx
        .insert(paymentOrders)
        .values({
          orderNo,
          userId,
          applicationId: application.id,
          amountInFen: project.feeInFen,
          subject,
          ...way,
          createdAt: now,
        })
        .returning();
      return created!;
    });
    return await toPayingOrder(db, row, request, now);
  } catch (error) {
    // Two tabs asked at once: the other one's order stands.
    if (isUniqueViolation(error)) {
      const other = await pendingOrderOf(db, application.id);
      if (other) return toPayingOrder(db, other, request, now);
    }
    throw error;
  }
}

/** The way asked for, refused with its guide where it cannot be used here. */
function chosenOffer(request: PaymentOrderRequest): PayOffer | undefined {
  const usable = request.offers.filter((offer) => offer.Channel !== null);
  if (!request.provider) return usable.length === 1 ? usable[0] : undefined;
  const offer = request.offers.find((o) => o.Provider === request.provider);
  if (!offer) throw conflict('本站未开通该支付方式，请选择其他支付方式');
  if (!offer.Channel) throw conflict(offer.Guide ?? '当前环境不能使用该支付方式');
  return offer;
}

/**
 * The candidate chose another way: the pending order is asked about (paid meanwhile: settled and
 * kept), else closed at its provider so it can no longer be paid, and cancelled here.
 */
export async function closeForAnotherWay(
  db: Database,
  gateways: PaymentGateways,
  order: PaymentOrderRow,
  now: Date,
): Promise<PaymentOrderRow> {
  const gateway = gateways.of(order.provider);
  const state = await gateway.queryPayment(order.orderNo);
  if (state.status !== 'Pending') return settlePaymentOrder(db, order.orderNo, state, now);
  await gateway.closePayment?.(order.orderNo);
  return settlePaymentOrder(db, order.orderNo, { status: 'Cancelled', paidAt: null }, now);
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
  gateways: PaymentGateways,
  userId: number,
  orderId: number,
  now: Date,
): Promise<PaymentOrder> {
  const order = await requireOwnOrder(db, userId, orderId);
  const gateway = gateways.of(order.provider);
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
  gateways: PaymentGateways,
  now: Date,
  onError: (orderNo: string, error: unknown) => void,
): Promise<number> {
  const rows = await db
    .select({ orderNo: paymentOrders.orderNo, provider: paymentOrders.provider })
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
  for (const { orderNo, provider } of rows) {
    try {
      const state = await gateways.of(provider).queryPayment(orderNo);
      const order = await settlePaymentOrder(db, orderNo, state, now);
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
      const gateway = gateways.of(order.provider);
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
  gateways: PaymentGateways,
  userId: number,
  orderId: number,
  now: Date,
): Promise<PaymentOrder> {
  const own = await requireOwnOrder(db, userId, orderId);
  const gateway = gateways.of(own.provider);
  const refund = gateway.refund;
  if (!refund) throw conflict('当前支付方式不支持在线退款，请联系项目主办方');
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
