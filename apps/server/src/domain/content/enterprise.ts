import type { EquityPackage } from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cooperationApplications, equityPackages } from '../../db/schema/index.js';
import { badRequest } from '../errors.js';

/** Enterprise/GetEquityBuy: the packages an organisation can buy. */
export async function listEquityPackages(db: Database): Promise<{ Items: EquityPackage[] }> {
  const rows = await db
    .select()
    .from(equityPackages)
    .orderBy(asc(equityPackages.sort), asc(equityPackages.id));
  return {
    Items: rows.map((r) => ({
      EquityId: r.id,
      Name: r.name,
      Description: r.description,
      PriceInFen: r.priceInFen,
      DurationDays: r.durationDays,
      Features: r.features,
    })),
  };
}

export interface CooperationRequest {
  CompanyName: string;
  ContactName: string;
  Mobile: string;
  Email?: string | undefined;
  Remark?: string | undefined;
  EquityId?: number | undefined;
}

/** Temporary/CooperateApply: an organisation asks to cooperate (or to buy a package). */
export async function submitCooperation(
  db: Database,
  request: CooperationRequest,
  from: { userId: number | null; clientIp: string; now: Date },
): Promise<{ CooperateId: number }> {
  if (request.EquityId) {
    const [equity] = await db
      .select({ id: equityPackages.id })
      .from(equityPackages)
      .where(eq(equityPackages.id, request.EquityId));
    if (!equity) throw badRequest('所选权益套餐不存在', { EquityId: '请重新选择权益套餐' });
  }
  const [row] = await db
    .insert(cooperationApplications)
    .values({
      userId: from.userId,
      companyName: request.CompanyName,
      contactName: request.ContactName,
      mobile: request.Mobile,
      email: request.Email ?? '',
      remark: request.Remark ?? '',
      equityId: request.EquityId ?? null,
      clientIp: from.clientIp,
      createdAt: from.now,
    })
    .returning({ id: cooperationApplications.id });
  return { CooperateId: row!.id };
}
