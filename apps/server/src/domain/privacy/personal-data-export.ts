import {
  APPLY_ARCHIVE_FIELDS,
  APPLY_STATUS_TEXT,
  ERROR_CODES,
  PERSONAL_DATA_EXPORTS_PER_DAY,
  type FormField,
  type FormValues,
} from '@portal/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/client.js';
import {
  applicationEvents,
  applications,
  consents,
  examAttempts,
  examPapers,
  examSubmissions,
  forms,
  paymentOrders,
  positions,
  projects,
  uploads,
  applyDrafts,
  userApplyArchives,
  userMessages,
  users,
} from '../../db/schema/index.js';
import { beijingDateTime } from '../../platform/beijing-time.js';
import type { AppDeps } from '../../platform/deps.js';
import { displayValue } from '../applications/applications.js';
import { DomainError, notFound } from '../errors.js';
import { pdfGatewayOf } from '../sites/web-pages.js';
import { readUpload } from '../uploads/uploads.js';
import { isWeChatBound } from '../accounts/users.js';
import { allPersonalDataEvents } from './audit-trail.js';
import { personalDataHtml } from './personal-data-document.js';

export const EXPORT_TOO_OFTEN = `个人信息副本每天最多下载${PERSONAL_DATA_EXPORTS_PER_DAY}次，请明天再试`;
export const EXPORT_PDF_FAILED = '暂时无法生成个人信息副本，请稍后再试';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** Everything the portal keeps about one person, unsealed, as the JSON of their copy. */
export async function collectPersonalData(db: Database, userId: number, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('账号不存在或已注销');
  const [archive] = await db
    .select()
    .from(userApplyArchives)
    .where(eq(userApplyArchives.userId, userId));
  const applied = await db
    .select({
      application: applications,
      projectTitle: projects.title,
      positionName: positions.name,
      fields: forms.fields,
    })
    .from(applications)
    .innerJoin(projects, eq(projects.id, applications.projectId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .leftJoin(forms, eq(forms.projectId, applications.projectId))
    .where(eq(applications.userId, userId))
    .orderBy(asc(applications.id));
  const drafts = await db
    .select({ draft: applyDrafts, projectTitle: projects.title, fields: forms.fields })
    .from(applyDrafts)
    .innerJoin(projects, eq(projects.id, applyDrafts.projectId))
    .leftJoin(forms, eq(forms.projectId, applyDrafts.projectId))
    .where(eq(applyDrafts.userId, userId))
    .orderBy(asc(applyDrafts.id));
  const applyIds = applied.map((row) => row.application.id);
  const byApply =
    <T extends { applicationId: number }>(rows: T[]) =>
    (id: number) =>
      rows.filter((row) => row.applicationId === id);
  const [history, attempts, submissions, orders, messages, files, events, given] =
    await Promise.all([
      applyIds.length === 0
        ? []
        : db
            .select()
            .from(applicationEvents)
            .where(inArray(applicationEvents.applicationId, applyIds))
            .orderBy(asc(applicationEvents.id)),
      applyIds.length === 0
        ? []
        : db
            .select({ attempt: examAttempts, paperTitle: examPapers.title })
            .from(examAttempts)
            .innerJoin(examPapers, eq(examPapers.id, examAttempts.paperId))
            .where(inArray(examAttempts.applicationId, applyIds))
            .orderBy(asc(examAttempts.id)),
      applyIds.length === 0
        ? []
        : db
            .select({ submission: examSubmissions, paperTitle: examPapers.title })
            .from(examSubmissions)
            .innerJoin(examPapers, eq(examPapers.id, examSubmissions.paperId))
            .where(inArray(examSubmissions.applicationId, applyIds))
            .orderBy(asc(examSubmissions.id)),
      db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, userId))
        .orderBy(asc(paymentOrders.id)),
      db
        .select()
        .from(userMessages)
        .where(eq(userMessages.userId, userId))
        .orderBy(asc(userMessages.id)),
      db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt)),
      allPersonalDataEvents(db, userId),
      db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.id)),
    ]);
  const historyOf = byApply(history);
  // The archive's keys are the forms' field ids: its values are worded by the fields they fill.
  const knownFields = new Map(
    applied.flatMap((row) => (row.fields ?? []).map((field) => [field.FieldId, field] as const)),
  );
  return {
    ExportedAt: now.toISOString(),
    Profile: {
      UserId: user.id,
      Name: user.name,
      Mobile: user.mobile ?? user.closedMobile,
      RealName: user.realName,
      IdNumber: user.idNumber,
      IsRealName: user.isRealName,
      HeadPortrait: user.headPortrait,
      WeChatNickName: user.weChatNickName,
      IsBindWeChat: isWeChatBound(user),
      Status: user.status,
      CreateTime: iso(user.createdAt),
      CloseTime: iso(user.closedAt),
    },
    Archive: archive
      ? {
          Values: archive.values,
          Form: Object.entries(archive.values).map(([key, value]) => {
            const field = knownFields.get(key);
            return {
              Label: field?.Label ?? ARCHIVE_LABELS.get(key) ?? key,
              Value: field ? displayValue(field, value) : displayValue(PLAIN_FIELD, value),
            };
          }),
          UpdateTime: iso(archive.updatedAt),
        }
      : null,
    Applications: applied.map(({ application: a, projectTitle, positionName, fields }) => ({
      ApplyId: a.id,
      ProjectId: a.projectId,
      ProjectTitle: projectTitle,
      PositionName: positionName,
      Status: a.status,
      StatusText: APPLY_STATUS_TEXT[a.status],
      ReviewRemark: a.reviewRemark,
      TicketNo: a.ticketNo,
      ExamScore: a.examScore,
      SubmitTime: iso(a.submittedAt),
      ReviewTime: iso(a.reviewedAt),
      Form: formEntries(fields ?? [], a.values),
      Values: a.values,
      History: historyOf(a.id).map((e) => ({
        From: e.fromStatus,
        To: e.toStatus,
        By: e.actor,
        Remark: e.remark,
        Time: iso(e.createdAt),
      })),
    })),
    Drafts: drafts.map(({ draft, projectTitle, fields }) => ({
      ProjectId: draft.projectId,
      ProjectTitle: projectTitle,
      Form: formEntries(fields ?? [], draft.values),
      Values: draft.values,
      UpdateTime: iso(draft.updatedAt),
    })),
    Orders: orders.map((o) => ({
      OrderNo: o.orderNo,
      ApplyId: o.applicationId,
      Subject: o.subject,
      AmountInFen: o.amountInFen,
      Status: o.status,
      PaidTime: iso(o.paidAt),
      RefundRequestTime: iso(o.refundRequestedAt),
      RefundTime: iso(o.refundedAt),
      CreateTime: iso(o.createdAt),
    })),
    ExamAttempts: [
      ...attempts.map(({ attempt: x, paperTitle }) => ({
        ApplyId: x.applicationId,
        PaperTitle: paperTitle,
        StartTime: iso(x.startedAt),
        SubmitTime: iso(x.submittedAt),
        Score: x.score,
        TotalScore: x.totalScore,
        Answers: x.answers,
      })),
      ...submissions.map(({ submission: x, paperTitle }) => ({
        ApplyId: x.applicationId,
        PaperTitle: paperTitle,
        StartTime: null,
        SubmitTime: iso(x.submittedAt),
        Score: x.score,
        TotalScore: x.totalScore,
        Answers: x.answers,
      })),
    ],
    Messages: messages.map((m) => ({
      Title: m.title,
      Content: m.content,
      IsRead: m.isRead,
      Time: iso(m.createdAt),
    })),
    Files: files.map((f) => ({
      FileId: f.id,
      FileName: f.fileName,
      ContentType: f.contentType,
      Size: f.size,
      UploadTime: iso(f.createdAt),
      /** Where the file is inside the ZIP. */
      Path: filePath(f.id, f.fileName),
    })),
    Consents: given.map((c) => ({
      Kind: c.kind,
      Version: c.version,
      ApplyId: c.applicationId,
      Time: iso(c.grantedAt),
      WithdrawnTime: iso(c.withdrawnAt),
    })),
    AuditEntries: events,
  };
}

export type PersonalDataCopy = Awaited<ReturnType<typeof collectPersonalData>>;

const ARCHIVE_LABELS = new Map<string, string>(APPLY_ARCHIVE_FIELDS.map((f) => [f.key, f.label]));
const PLAIN_FIELD = { FieldId: '', Label: '', Type: 'text', Required: false } as FormField;

const formEntries = (fields: FormField[], values: FormValues) =>
  fields
    .filter((field) => values[field.FieldId] !== undefined)
    .map((field) => ({ Label: field.Label, Value: displayValue(field, values[field.FieldId]) }));

const filePath = (id: string, name: string) =>
  `files/${id}-${name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80)}`;

/** The ZIP of one person's copy: personal-data.json, personal-data.pdf and their files. */
export async function exportPersonalData(
  deps: Pick<AppDeps, 'db' | 'gateways'>,
  userId: number,
  now: Date,
): Promise<{ FileName: string; ContentType: 'application/zip'; Base64: string }> {
  const copy = await collectPersonalData(deps.db, userId, now);
  let pdf: Buffer;
  try {
    pdf = await pdfGatewayOf(deps.gateways.pdf, { userId }).htmlToPdf(personalDataHtml(copy));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError(ERROR_CODES.SERVICE_UNAVAILABLE, EXPORT_PDF_FAILED);
  }
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(copy, null, 2)), 'personal-data.json', { mtime: now });
  zip.addBuffer(pdf, 'personal-data.pdf', { mtime: now });
  for (const file of copy.Files) {
    const opened = await readUpload(deps.db, deps.gateways.files, file.FileId);
    if (opened) zip.addBuffer(opened.data, file.Path, { mtime: opened.row.createdAt });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const day = beijingDateTime(now).slice(0, 10).replaceAll('-', '');
  return {
    FileName: `个人信息副本-${day}.zip`,
    ContentType: 'application/zip',
    Base64: Buffer.concat(chunks).toString('base64'),
  };
}
