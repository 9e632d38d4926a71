import { sensitiveConsentOf } from '../privacy/consents.js';
import { randomBytes, createHash } from 'node:crypto';
import {
  PREVIEW_SAMPLE_MARK,
  type ApplyStatus,
  type FlowView,
  type FormValues,
  type FormWithApply,
} from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { beijingDate } from '../../platform/beijing-time.js';
import {
  applications,
  positions,
  previewEntries,
  reviewers,
  tenants,
  type PreviewEntryRow,
  type ProjectRow,
} from '../../db/schema/index.js';
import type { KeyValueStore } from '../../platform/kv-store.js';
import {
  checkFormValues,
  requireForm,
  ticketPrintable,
  toApplySummary,
} from '../applications/applications.js';
import { badRequest, forbidden, notFound, unauthorized } from '../errors.js';
import { recordPersonalDataEvent } from '../privacy/audit-trail.js';
import { buildFlow } from '../applications/flow.js';
import { hashPassword, verifyPassword } from '../accounts/passwords.js';
import { deriveProjectState, requireProject } from '../projects/projects.js';

export const PREVIEW_SESSION_EXPIRED = '预览登录已失效，请重新登录';
export const PREVIEW_LOGIN_MISMATCH = '预览账号与登录状态不一致，请重新登录';
export const PREVIEW_OTHER_TENANT = '该预览账号无权预览本平台的项目';
export const PREVIEW_SIGN_IN_FAILED = '预览账号或密码不正确';
const SAMPLE_REVIEW_REMARK = `（${PREVIEW_SAMPLE_MARK}）审核意见将显示在这里`;
const SAMPLE_EXAM_SCORE = 86;

/** A reviewer's preview proof lasts this long after its last use. */
export const PREVIEW_SESSION_TTL_SECONDS = 2 * 60 * 60;

export interface Reviewer {
  reviewerId: number;
  tenantId: number;
  loginName: string;
  name: string;
}

// Unknown login names still cost one scrypt, so timing does not tell which names exist.
const DUMMY_HASH = hashPassword('not-a-real-password-0');

/** Login name + password of an active reviewer; null for any wrong combination. */
export async function verifyReviewerPassword(
  db: Database,
  loginName: string,
  password: string,
): Promise<(Reviewer & { tenantName: string }) | null> {
  const [row] = await db
    .select({ reviewer: reviewers, tenantName: tenants.name })
    .from(reviewers)
    .innerJoin(tenants, eq(tenants.id, reviewers.tenantId))
    .where(eq(reviewers.loginName, loginName));
  const matches = await verifyPassword(password, row?.reviewer.passwordHash ?? (await DUMMY_HASH));
  if (!row || !matches || row.reviewer.status !== 'active') return null;
  return { ...toReviewer(row.reviewer), tenantName: row.tenantName };
}

function toReviewer(row: typeof reviewers.$inferSelect): Reviewer {
  return { reviewerId: row.id, tenantId: row.tenantId, loginName: row.loginName, name: row.name };
}

// The store keeps a digest of the proof, so a leaked store does not hand out live proofs.
const sessionKey = (proof: string) =>
  `preview:session:${createHash('sha256').update(proof).digest('base64url')}`;

/** A new preview proof for the reviewer: a random value the browser keeps in an HttpOnly cookie. */
export async function startPreviewSession(
  store: KeyValueStore,
  reviewer: Reviewer,
): Promise<string> {
  const proof = randomBytes(32).toString('base64url');
  await store.set(sessionKey(proof), String(reviewer.reviewerId), PREVIEW_SESSION_TTL_SECONDS);
  return proof;
}

export async function endPreviewSession(store: KeyValueStore, proof: string): Promise<void> {
  await store.delete(sessionKey(proof));
}

/**
 * The reviewer a preview call comes from: the proof must be live, name an active reviewer whose
 * login name is the LoginName sent (§6), of the tenant the site belongs to.
 */
export async function requireReviewer(
  db: Database,
  store: KeyValueStore,
  request: { proof: string | undefined; loginName: string; siteTenantId: number },
): Promise<Reviewer> {
  const key = request.proof ? sessionKey(request.proof) : null;
  const reviewerId = key ? await store.get(key) : null;
  if (!key || !reviewerId) throw unauthorized(PREVIEW_SESSION_EXPIRED);
  const [row] = await db
    .select()
    .from(reviewers)
    .where(and(eq(reviewers.id, Number(reviewerId)), eq(reviewers.status, 'active')));
  if (!row) throw unauthorized(PREVIEW_SESSION_EXPIRED);
  if (row.loginName !== request.loginName) throw unauthorized(PREVIEW_LOGIN_MISMATCH);
  if (row.tenantId !== request.siteTenantId) throw forbidden(PREVIEW_OTHER_TENANT);
  // Sliding expiry: a reviewer at work is not signed out mid-review.
  await store.set(key, reviewerId, PREVIEW_SESSION_TTL_SECONDS);
  return toReviewer(row);
}

async function findEntry(
  db: Database,
  reviewerId: number,
  projectId: number,
): Promise<PreviewEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(previewEntries)
    .where(and(eq(previewEntries.reviewerId, reviewerId), eq(previewEntries.projectId, projectId)));
  return row;
}

/** An ApplySummary for a test entry, or for a sample one on the project's first position. */
async function previewSummary(
  db: Database,
  project: ProjectRow,
  entry: Pick<PreviewEntryRow, 'positionId' | 'submittedAt'> | undefined,
  status: ApplyStatus,
  now: Date,
) {
  const [position] = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(entry ? eq(positions.id, entry.positionId) : eq(positions.projectId, project.id))
    .orderBy(asc(positions.sort), asc(positions.id))
    .limit(1);
  const submitted = (entry?.submittedAt ?? now).toISOString();
  return {
    // 0: a test entry is never an application.
    ApplyId: 0,
    ProjectId: project.id,
    ProjectTitle: project.title,
    PositionId: position?.id ?? 0,
    PositionName: position?.name ?? '',
    Status: status,
    ReviewRemark: status === 'Returned' || status === 'Rejected' ? SAMPLE_REVIEW_REMARK : null,
    SubmitTime: submitted,
    UpdateTime: submitted,
    FeeInFen: project.feeInFen,
    OrderId: null,
    HasOnlineExam: project.hasOnlineExam,
    ExamScore: status === 'Finished' && project.hasOnlineExam ? SAMPLE_EXAM_SCORE : null,
    TicketPrintable: ticketPrintable(status, project, now),
    // A reviewer's preview shows the flow; nothing is withdrawn from it.
    CanWithdraw: false,
    CanChangePosition: false,
  };
}

/** ProjectPreview/GetForm: the form, with the reviewer's own test entry when there is one. */
export async function getPreviewForm(
  db: Database,
  reviewer: Reviewer,
  projectId: number,
  retentionDays: number,
  now: Date,
): Promise<FormWithApply> {
  const project = await requireProject(db, projectId, reviewer.tenantId);
  const form = await requireForm(db, projectId);
  const entry = await findEntry(db, reviewer.reviewerId, projectId);
  return {
    Form: { FormId: form.id, ProjectId: projectId, Title: form.title, Fields: form.fields },
    Apply: entry ? await previewSummary(db, project, entry, 'Submitted', entry.submittedAt) : null,
    Values: entry?.values ?? null,
    // As candidates will read it; a reviewer's test entry records no consent.
    SensitiveConsent: await sensitiveConsentOf(db, form, null, retentionDays),
    // A reviewer's test entry is nobody's child: no guardian is asked.
    GuardianGiven: true,
    Today: beijingDate(now),
    Draft: null,
  };
}

/**
 * ProjectPreview/SubmitForm: the candidate's rules, whatever the project's window (a preview is
 * before publishing). Files are checked for type and size but never stored from a preview.
 */
export async function submitPreviewEntry(
  db: Database,
  reviewer: Reviewer,
  input: { ProjectId: number; PositionId: number; Values: FormValues },
  now: Date,
  retentionDays: number,
): Promise<FormWithApply> {
  await requireProject(db, input.ProjectId, reviewer.tenantId);
  const [position] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.id, input.PositionId), eq(positions.projectId, input.ProjectId)));
  if (!position)
    throw badRequest('所选岗位不属于该项目，请重新选择', { PositionId: '请选择本项目的岗位' });
  const form = await requireForm(db, input.ProjectId);
  const values = checkFormValues(form.fields, input.Values, { filesFrom: 'preview' });
  await db
    .insert(previewEntries)
    .values({
      reviewerId: reviewer.reviewerId,
      projectId: input.ProjectId,
      positionId: position.id,
      values,
      submittedAt: now,
    })
    .onConflictDoUpdate({
      target: [previewEntries.reviewerId, previewEntries.projectId],
      set: { positionId: position.id, values, submittedAt: now },
    });
  return getPreviewForm(db, reviewer, input.ProjectId, retentionDays, now);
}

/**
 * ProjectPreview/GetApply: the flow a candidate sees at a given application state (the step
 * switcher), by default at the reviewer's test entry's. With ApplyId, a candidate's application
 * of the reviewer's project as its candidate sees it, and the read goes into that candidate's
 * audit trail.
 */
export async function getPreviewFlow(
  db: Database,
  reviewer: Reviewer,
  input: { ProjectId: number; Status?: ApplyStatus; ApplyId?: number },
  now: Date,
  address: string,
): Promise<FlowView> {
  const project = await requireProject(db, input.ProjectId, reviewer.tenantId);
  if (input.ApplyId !== undefined)
    return candidateFlow(db, reviewer, project, input.ApplyId, now, address);
  const entry = await findEntry(db, reviewer.reviewerId, project.id);
  const status = input.Status ?? (entry ? 'Submitted' : null);
  const apply = status ? await previewSummary(db, project, entry, status, now) : null;
  const flow = buildFlow({
    projectState: deriveProjectState(project, now),
    feeInFen: project.feeInFen,
    hasOnlineExam: project.hasOnlineExam,
    status,
    reviewRemark: apply?.ReviewRemark ?? null,
    examScore: apply?.ExamScore ?? null,
  });
  return { ProjectId: project.id, Apply: apply, ...flow };
}

async function candidateFlow(
  db: Database,
  reviewer: Reviewer,
  project: ProjectRow,
  applyId: number,
  now: Date,
  address: string,
): Promise<FlowView> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applyId), eq(applications.projectId, project.id)));
  if (!row) throw notFound('该项目没有这条报名记录');
  const apply = await toApplySummary(db, row, now);
  const flow = buildFlow({
    projectState: deriveProjectState(project, now),
    feeInFen: project.feeInFen,
    hasOnlineExam: project.hasOnlineExam,
    status: row.status,
    reviewRemark: row.reviewRemark,
    examScore: row.examScore,
  });
  await recordPersonalDataEvent(
    db,
    {
      actor: { kind: 'reviewer', id: reviewer.reviewerId, name: reviewer.name },
      subjectUserId: row.userId,
      action: 'read',
      target: `application:${row.id}`,
      address,
    },
    now,
  );
  return { ProjectId: project.id, Apply: apply, ...flow };
}
