import {
  APPLY_STATUS_TEXT,
  type apply,
  isFieldVisible,
  type modifyApply,
  MODIFIABLE_APPLY_STATUSES,
  uploadedFileValueSchema,
  validateFieldValue,
  validateFormValues,
  type ApplyStatus,
  type ApplySummary,
  type FieldErrors,
  type FormField,
  type FormReport,
  type FormValues,
  type FormWithApply,
  type ParsedRequestOf,
} from '@portal/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import type { AppDeps } from '../../platform/deps.js';
import { beijingDate } from '../../platform/beijing-time.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  applicationEvents,
  applications,
  examSubmissions,
  paymentOrders,
  positions,
  projects,
  type ApplicationRow,
  type ProjectRow,
} from '../../db/schema/index.js';
import { assertTransition } from './apply-status.js';
import { positionChangeRefusal } from './position-change-rule.js';
import { badRequest, conflict, notFound } from '../errors.js';
import {
  guardianConsentOnRecord,
  recordConsents,
  requireGuardianConsent,
  requireSensitiveConsent,
  sensitiveConsentOf,
} from '../privacy/consents.js';
import { deriveProjectState, requireProject } from '../projects/projects.js';
import { isKnownRegion, regionNames } from '../regions.js';
import {
  attachOwnUploads,
  fileIdOf,
  keptFileValue,
  withUploadUrls,
  type UploadSigner,
} from '../uploads/uploads.js';
import { publishedScore } from '../scores/published.js';

import { deleteDraft, findDraft } from './drafts.js';
import { requireForm, requireProjectPosition } from './project-form.js';
export { requireForm, requireProjectPosition, type FormRow } from './project-form.js';

export const APPLY_NOT_FOUND = '报名记录不存在';

/**
 * The contract's field rules, plus what only the server can check: regions are real places and
 * files came from our upload (a reviewer's preview entry keeps a file's name, never a file).
 * Answers the values to keep: visible, known fields only, file values without an address.
 */
export function checkFormValues(
  fields: FormField[],
  values: FormValues,
  options: { filesFrom: 'upload' | 'preview' } = { filesFrom: 'upload' },
): FormValues {
  const errors: FieldErrors = validateFormValues(fields, values);
  const kept: FormValues = {};
  for (const field of fields) {
    if (!isFieldVisible(field, values)) continue;
    const value = values[field.FieldId];
    if (value === undefined || value === null || errors[field.FieldId]) {
      if (value !== undefined) kept[field.FieldId] = value;
      continue;
    }
    if (field.Type === 'region' && Array.isArray(value) && !isKnownRegion(value))
      errors[field.FieldId] = `请选择有效的${field.Label}`;
    if (field.Type === 'photo' || field.Type === 'file') {
      const file = uploadedFileValueSchema.safeParse(value);
      if (file.success && options.filesFrom === 'upload' && !file.data.FileId)
        errors[field.FieldId] = `${field.Label}请通过上传获得`;
      if (file.success) {
        const { FileName, Size, ContentType, FileId } = file.data;
        kept[field.FieldId] =
          options.filesFrom === 'upload' && FileId
            ? { FileId, FileName, Size, ContentType }
            : { FileName, Size, ContentType };
        continue;
      }
    }
    if (field.Type === 'idcard' && typeof value === 'string')
      kept[field.FieldId] = value.trim().toUpperCase();
    else kept[field.FieldId] = typeof value === 'string' ? value.trim() : value;
  }
  const faults = Object.keys(errors);
  if (faults.length > 0) throw badRequest(errors[faults[0]!]!, errors);
  return kept;
}

/** A form may name only uploads of the candidate's own. */
export const notOwnUpload = (label: string) =>
  `${label}须为您本人上传的文件（文件不存在、已过期或不属于您），请重新上传`;

/**
 * A new file value must name an upload of the candidate's own, which is marked attached; its real
 * name, size and type replace what the client said, and the field's type and size rules are
 * applied to them. A value the application already holds (ModifyApply keeping its photo) was
 * checked when it came in. Run in the transaction that stores the values.
 */
export async function claimUploadedFiles(
  db: Database,
  userId: number,
  fields: FormField[],
  values: FormValues,
  now: Date,
  previous: FormValues = {},
): Promise<FormValues> {
  const errors: FieldErrors = {};
  const checked: FormValues = { ...values };
  const fileFields = fields.filter((f) => f.Type === 'photo' || f.Type === 'file');
  const claimed = fileFields
    .map((field) => fileIdOf(values[field.FieldId]))
    .filter((id): id is string => id !== null);
  const own = new Map(
    (await attachOwnUploads(db, userId, claimed, now)).map((row) => [row.id, row]),
  );
  for (const field of fileFields) {
    const id = fileIdOf(values[field.FieldId]);
    if (id === null) continue;
    const row = own.get(id);
    const kept = uploadedFileValueSchema.safeParse(previous[field.FieldId]);
    if (!row && kept.success && kept.data.FileId === id) {
      checked[field.FieldId] = kept.data;
      continue;
    }
    if (!row) {
      errors[field.FieldId] = notOwnUpload(field.Label);
      continue;
    }
    const real = keptFileValue(row);
    const message = validateFieldValue(field, real);
    if (message) errors[field.FieldId] = message;
    else checked[field.FieldId] = real;
  }
  const faults = Object.keys(errors);
  if (faults.length > 0) throw badRequest(errors[faults[0]!]!, errors);
  return checked;
}

/** The project's facts a summary is made of. */
export const SUMMARY_PROJECT_COLUMNS = {
  title: projects.title,
  feeInFen: projects.feeInFen,
  hasOnlineExam: projects.hasOnlineExam,
  scoresPublishAt: projects.scoresPublishAt,
  examStartAt: projects.examStartAt,
  examEndAt: projects.examEndAt,
  applyStartAt: projects.applyStartAt,
  applyEndAt: projects.applyEndAt,
  closedAt: projects.closedAt,
  finishedAt: projects.finishedAt,
  positionChangeAllowed: projects.positionChangeAllowed,
  ticketOpensAt: projects.ticketOpensAt,
};
type SummaryProject = { [K in keyof typeof SUMMARY_PROJECT_COLUMNS]: ProjectRow[K] };

/** The application's own columns a summary is made of (never its sealed values). */
export const SUMMARY_APPLICATION_COLUMNS = {
  id: applications.id,
  projectId: applications.projectId,
  positionId: applications.positionId,
  status: applications.status,
  reviewRemark: applications.reviewRemark,
  submittedAt: applications.submittedAt,
  updatedAt: applications.updatedAt,
  examScore: applications.examScore,
};
type SummaryApplication = Pick<ApplicationRow, keyof typeof SUMMARY_APPLICATION_COLUMNS>;

/** Everything one line of "my applications" is made of, as one statement can read it. */
export interface SummaryFacts extends SummaryApplication {
  project: SummaryProject | undefined;
  positionName: string | null;
  /** How many positions the project has: 改报 needs another. */
  positionCount: number;
  /** The paid order when there is one, else the pending one. */
  orderId: number | null;
}

export function summaryOf(facts: SummaryFacts, now: Date): ApplySummary {
  const { project } = facts;
  return {
    ApplyId: facts.id,
    ProjectId: facts.projectId,
    ProjectTitle: project?.title ?? '',
    PositionId: facts.positionId,
    PositionName: facts.positionName ?? '',
    Status: facts.status,
    ReviewRemark: facts.reviewRemark,
    SubmitTime: facts.submittedAt?.toISOString() ?? null,
    UpdateTime: facts.updatedAt.toISOString(),
    FeeInFen: project?.feeInFen ?? 0,
    OrderId: facts.orderId,
    HasOnlineExam: project?.hasOnlineExam ?? false,
    ExamScore: publishedScore(facts.examScore, project, now),
    TicketPrintable: ticketPrintable(facts.status, project, now),
    CanWithdraw: WITHDRAWABLE_STATUSES.includes(facts.status),
    CanChangePosition:
      project !== undefined &&
      positionChangeRefusal(facts.status, project, facts.positionCount, now) === null,
  };
}

/**
 * What the caller read already, so it is not read again: the applications' project, and that they
 * have no payment order (an application just made).
 */
interface KnownFacts {
  project?: ProjectRow;
  noOrders?: boolean;
}

export async function toApplySummaries(
  db: Database,
  rows: SummaryApplication[],
  now: Date,
  known: KnownFacts = {},
): Promise<ApplySummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const projectIds = [...new Set(rows.map((r) => r.projectId))];
  const knownProject =
    known.project && projectIds.length === 1 && projectIds[0] === known.project.id
      ? [known.project]
      : null;
  const [projectRows, positionRows, orderRows] = await Promise.all([
    knownProject ??
      db
        .select({ id: projects.id, ...SUMMARY_PROJECT_COLUMNS })
        .from(projects)
        .where(inArray(projects.id, projectIds)),
    // Every position of these projects: the application's name, and whether there is another.
    db
      .select({ id: positions.id, name: positions.name, projectId: positions.projectId })
      .from(positions)
      .where(inArray(positions.projectId, projectIds)),
    known.noOrders
      ? []
      : db
          .select({
            id: paymentOrders.id,
            applicationId: paymentOrders.applicationId,
            status: paymentOrders.status,
          })
          .from(paymentOrders)
          .where(
            and(
              inArray(paymentOrders.applicationId, ids),
              inArray(paymentOrders.status, ['Paid', 'Pending']),
            ),
          ),
  ]);
  const project = new Map(projectRows.map((p) => [p.id, p]));
  const positionName = new Map(positionRows.map((p) => [p.id, p.name]));
  const orderOf = (applyId: number) =>
    (
      orderRows.find((o) => o.applicationId === applyId && o.status === 'Paid') ??
      orderRows.find((o) => o.applicationId === applyId)
    )?.id ?? null;
  return rows.map((r) =>
    summaryOf(
      {
        ...r,
        project: project.get(r.projectId),
        positionName: positionName.get(r.positionId) ?? null,
        positionCount: positionRows.filter((p) => p.projectId === r.projectId).length,
        orderId: orderOf(r.id),
      },
      now,
    ),
  );
}

/**
 * Withdrawn by the candidate before the review decides, or approved and not yet paid (once paid the
 * status is Paid: the fee is asked back first, which brings it back to Approved).
 */
export const WITHDRAWABLE_STATUSES: readonly ApplyStatus[] = [
  'Submitted',
  'UnderReview',
  'Returned',
  'Approved',
];

/** Print is open once paid (free projects: once approved) and stays open afterwards. */
export const PRINTABLE_STATUSES: readonly ApplyStatus[] = ['Paid', 'TicketIssued', 'Finished'];

/** Printing has opened: at the project's ticket time, or at once when it names none. */
export const ticketOpened = (project: { ticketOpensAt: Date | null }, now: Date): boolean =>
  !project.ticketOpensAt || project.ticketOpensAt.getTime() <= now.getTime();

/**
 * The ticket can be opened while its application is printable, printing has opened and its exam
 * has not ended.
 */
export function ticketPrintable(
  status: ApplyStatus,
  project:
    | {
        feeInFen: number;
        examStartAt: Date | null;
        examEndAt: Date | null;
        ticketOpensAt: Date | null;
      }
    | undefined,
  now: Date,
): boolean {
  if (!project) return false;
  const printable =
    PRINTABLE_STATUSES.includes(status) || (project.feeInFen === 0 && status === 'Approved');
  const examOver = project.examEndAt ?? project.examStartAt;
  // A ticket once issued stays printable; a first print waits for the project's ticket time.
  const issued = status === 'TicketIssued' || status === 'Finished';
  return (
    printable &&
    (issued || ticketOpened(project, now)) &&
    (!examOver || examOver.getTime() > now.getTime())
  );
}

export async function toApplySummary(
  db: Database,
  row: ApplicationRow,
  now: Date,
  known: KnownFacts = {},
): Promise<ApplySummary> {
  const [summary] = await toApplySummaries(db, [row], now, known);
  return summary!;
}

/** Another user's application is answered as not found: its existence is not ours to tell. */
const ownApplication = preparedPerDatabase('own_application', (db, name) =>
  db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.id, sql.placeholder('applyId')),
        eq(applications.userId, sql.placeholder('userId')),
      ),
    )
    .prepare(name),
);

export async function requireOwnApplication(
  db: Database,
  userId: number,
  applyId: number,
): Promise<ApplicationRow> {
  const [row] = await ownApplication(db).execute({ applyId, userId });
  if (!row) throw notFound(APPLY_NOT_FOUND);
  return row;
}

const applicationToProject = preparedPerDatabase('application_to_project', (db, name) =>
  db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.userId, sql.placeholder('userId')),
        eq(applications.projectId, sql.placeholder('projectId')),
      ),
    )
    .orderBy(desc(applications.id))
    .limit(1)
    .prepare(name),
);

export async function findApplication(
  db: Database,
  userId: number,
  projectId: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await applicationToProject(db).execute({ userId, projectId });
  return row;
}

/** ProjectApply/GetForm: the form, and the caller's application with its values if any (files with fresh addresses). */
export async function getFormWithApply(
  db: Database,
  user: { userId: number; tenantId: number },
  projectId: number,
  signer: UploadSigner,
  retentionDays: number,
  now: Date,
): Promise<FormWithApply> {
  await requireProject(db, projectId, user.tenantId);
  const form = await requireForm(db, projectId);
  const application = await findApplication(db, user.userId, projectId);
  return {
    Form: { FormId: form.id, ProjectId: projectId, Title: form.title, Fields: form.fields },
    Apply: application ? await toApplySummary(db, application, now) : null,
    Values: application ? await withUploadUrls(db, signer, user.userId, application.values) : null,
    SensitiveConsent: await sensitiveConsentOf(db, form, application?.id ?? null, retentionDays),
    GuardianGiven: await guardianConsentOnRecord(db, application?.id ?? null),
    Today: beijingDate(now),
    Draft: await findDraft(db, signer, user.userId, projectId),
  };
}

async function recordEvent(
  db: Database,
  event: typeof applicationEvents.$inferInsert,
): Promise<void> {
  await db.insert(applicationEvents).values(event);
}

/** A status change with its history row; refuses a move the machine does not allow. */
export async function moveApplication(
  db: Database,
  row: ApplicationRow,
  to: ApplicationRow['status'],
  change: {
    actor: 'candidate' | 'reviewer' | 'system';
    now: Date;
    remark?: string | null;
    set?: Partial<typeof applications.$inferInsert>;
  },
): Promise<ApplicationRow> {
  assertTransition(row.status, to);
  const [updated] = await db
    .update(applications)
    .set({ ...change.set, status: to, updatedAt: change.now })
    // Only from the status and position we read: a concurrent change makes this update nothing
    // (改报 stays Submitted, so its position tells a review that read the row before it).
    .where(
      and(
        eq(applications.id, row.id),
        eq(applications.status, row.status),
        eq(applications.positionId, row.positionId),
      ),
    )
    .returning();
  if (!updated) throw conflict('报名状态已变化，请刷新后重试');
  await recordEvent(db, {
    applicationId: row.id,
    fromStatus: row.status,
    toStatus: to,
    actor: change.actor,
    remark: change.remark ?? null,
    createdAt: change.now,
  });
  return updated;
}

async function insertApplication(
  db: Database,
  row: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [created] = await db.insert(applications).values(row).returning();
  await recordEvent(db, {
    applicationId: created!.id,
    fromStatus: null,
    toStatus: created!.status,
    actor: 'candidate',
    createdAt: row.createdAt,
  });
  return created!;
}

/** ProjectApply/Apply: one application per candidate and project, while applications are open. */
export async function submitApplication(
  deps: Pick<AppDeps, 'db' | 'store'>,
  user: { userId: number; tenantId: number },
  input: ParsedRequestOf<typeof apply>,
  now: Date,
  address: string | null,
): Promise<ApplySummary> {
  const { db } = deps;
  const project = await requireProject(db, input.ProjectId, user.tenantId);
  const state = deriveProjectState(project, now);
  if (state !== 'Applying')
    throw conflict(
      state === 'NotStarted' ? '报名尚未开始，请在报名时间内提交' : '报名已截止，不能再提交报名',
    );
  const position = await requireProjectPosition(db, project.id, input.PositionId);
  const previous = await findApplication(db, user.userId, project.id);
  // A withdrawn application is applied again in place: one application per candidate and project.
  if (previous && previous.status !== 'Withdrawn')
    throw conflict('您已报名该项目，请在报名记录中查看或修改');
  const form = await requireForm(db, project.id);
  const checked = checkFormValues(form.fields, input.Values);
  try {
    const row = await db.transaction(async (tx) => {
      const values = await claimUploadedFiles(
        tx as Database,
        user.userId,
        form.fields,
        checked,
        now,
        previous?.values,
      );
      // Asked last, as the form asks it below every field.
      const consent = await requireSensitiveConsent(
        tx as Database,
        form,
        input.SensitiveConsent,
        previous?.id ?? null,
      );
      const guardian = await requireGuardianConsent(
        { db: tx as Database, store: deps.store },
        { fields: form.fields, values, now },
        input.Guardian,
        previous?.id ?? null,
      );
      const created = previous
        ? // Only from Withdrawn: a second tab applying again at once meets a conflict.
          await moveApplication(tx as Database, previous, 'Submitted', {
            actor: 'candidate',
            now,
            remark: '撤回后重新报名',
            set: { positionId: position.id, values, submittedAt: now, reviewRemark: null },
          })
        : await insertApplication(tx as Database, {
            userId: user.userId,
            projectId: project.id,
            positionId: position.id,
            values,
            status: 'Submitted',
            submittedAt: now,
            createdAt: now,
            updatedAt: now,
          });
      await recordConsents(tx as Database, {
        userId: user.userId,
        kinds: [consent, guardian]
          .filter((given) => given !== null)
          .map((given) => ({ ...given, applicationId: created.id })),
        address,
        at: now,
      });
      await deleteDraft(tx as Database, user.userId, project.id);
      return created;
    });
    // The project was read above; a first application has no payment order yet.
    return await toApplySummary(db, row, now, { project, noOrders: !previous });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('您已报名该项目，请在报名记录中查看或修改');
    throw error;
  }
}

/** ProjectApply/ModifyApply: only a draft or a returned application; returned goes back to review. */
export async function modifyApplication(
  deps: Pick<AppDeps, 'db' | 'store'>,
  userId: number,
  input: ParsedRequestOf<typeof modifyApply>,
  now: Date,
  address: string | null,
): Promise<ApplySummary> {
  const { db } = deps;
  const row = await requireOwnApplication(db, userId, input.ApplyId);
  if (!MODIFIABLE_APPLY_STATUSES.includes(row.status))
    throw conflict(
      `报名当前状态为“${APPLY_STATUS_TEXT[row.status]}”，只有草稿或退回修改的报名可以修改`,
    );
  const form = await requireForm(db, row.projectId);
  const checked = checkFormValues(form.fields, input.Values);
  const updated = await db.transaction(async (tx) => {
    const values = await claimUploadedFiles(
      tx as Database,
      userId,
      form.fields,
      checked,
      now,
      row.values,
    );
    const consent = await requireSensitiveConsent(
      tx as Database,
      form,
      input.SensitiveConsent,
      row.id,
    );
    const guardian = await requireGuardianConsent(
      { db: tx as Database, store: deps.store },
      { fields: form.fields, values, now },
      input.Guardian,
      row.id,
    );
    await recordConsents(tx as Database, {
      userId,
      kinds: [consent, guardian]
        .filter((given) => given !== null)
        .map((given) => ({ ...given, applicationId: row.id })),
      address,
      at: now,
    });
    await deleteDraft(tx as Database, userId, row.projectId);
    return moveApplication(tx as Database, row, 'Submitted', {
      actor: 'candidate',
      now,
      set: { values, submittedAt: now, reviewRemark: null },
    });
  });
  return toApplySummary(db, updated, now);
}

/** How a value reads on the printed form. */
export function displayValue(field: FormField, value: FormValues[string] | undefined): string {
  if (value === undefined || value === null || value === '') return '';
  if (field.Type === 'region' && Array.isArray(value)) return regionNames(value);
  if (Array.isArray(value)) {
    const label = (v: string) => field.Options?.find((o) => o.Value === v)?.Label ?? v;
    return value.map(label).join('、');
  }
  if (typeof value === 'object') return value.FileName;
  if ((field.Type === 'select' || field.Type === 'radio') && typeof value === 'string')
    return field.Options?.find((o) => o.Value === value)?.Label ?? value;
  return String(value);
}

/** ProjectApply/GetFormReport: the application as a person reads it, field by field. */
export async function getFormReport(
  db: Database,
  userId: number,
  applyId: number,
): Promise<FormReport> {
  const row = await requireOwnApplication(db, userId, applyId);
  const form = await requireForm(db, row.projectId);
  return {
    ApplyId: row.id,
    Title: form.title,
    Items: form.fields
      .filter((f) => isFieldVisible(f, row.values))
      .map((f) => ({
        FieldId: f.FieldId,
        Label: f.Label,
        Display: displayValue(f, row.values[f.FieldId]),
      })),
  };
}

export async function hasSubmittedExam(db: Database, applyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: examSubmissions.id })
    .from(examSubmissions)
    .where(eq(examSubmissions.applicationId, applyId));
  return Boolean(row);
}
