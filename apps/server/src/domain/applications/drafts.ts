import {
  MODIFIABLE_APPLY_STATUSES,
  type ApplyDraft,
  type ApplyStatus,
  type FormValues,
  type ParsedRequestOf,
  type saveApplyDraft,
} from '@portal/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { applications, applyDrafts, type ApplyDraftRow } from '../../db/schema/index.js';
import { conflict } from '../errors.js';
import { requireProject } from '../projects/projects.js';
import {
  fileIdOf,
  keptFileValue,
  ownUploads,
  withUploadUrls,
  type UploadSigner,
} from '../uploads/uploads.js';
import { requireForm, requireProjectPosition } from './project-form.js';

/** A draft not saved for this long is deleted by the daily cleanup, with the uploads only it named. */
export const APPLY_DRAFT_KEPT_DAYS = 30;

/** A draft is typed before the first sending, for a returned application, or to apply again. */
const DRAFTED_STATUSES: readonly ApplyStatus[] = [...MODIFIABLE_APPLY_STATUSES, 'Withdrawn'];
export const ALREADY_APPLIED = '您已提交该项目的报名，草稿不再保存';

const ofCandidate = (userId: number, projectId: number) =>
  and(eq(applyDrafts.userId, userId), eq(applyDrafts.projectId, projectId));

/**
 * ProjectApply/SaveApplyDraft: what was typed into the form's own fields, as it is (a half-typed
 * ID number included: the rules are applied when the form is sent). A file value is kept only when
 * it names an upload of the candidate's own, with the upload's real name, size and type; any other
 * is left out. The newest save wins.
 */
export async function saveDraft(
  db: Database,
  user: { userId: number; tenantId: number },
  input: ParsedRequestOf<typeof saveApplyDraft>,
  now: Date,
): Promise<{ Revision: number; UpdateTime: string }> {
  await requireProject(db, input.ProjectId, user.tenantId);
  const [sent] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.userId, user.userId), eq(applications.projectId, input.ProjectId)));
  if (sent && !DRAFTED_STATUSES.includes(sent.status)) throw conflict(ALREADY_APPLIED);
  const form = await requireForm(db, input.ProjectId);
  const positionId =
    input.PositionId === undefined
      ? null
      : (await requireProjectPosition(db, input.ProjectId, input.PositionId)).id;
  const named = form.fields
    .map((field) => fileIdOf(input.Values[field.FieldId]))
    .filter((id): id is string => id !== null);
  const own = new Map((await ownUploads(db, user.userId, named)).map((row) => [row.id, row]));
  const values: FormValues = {};
  for (const field of form.fields) {
    const value = input.Values[field.FieldId];
    if (value === undefined) continue;
    const fileId = fileIdOf(value);
    if (fileId === null) values[field.FieldId] = value;
    else {
      const upload = own.get(fileId);
      if (upload) values[field.FieldId] = keptFileValue(upload);
    }
  }
  const fileIds = [...own.keys()];
  const [saved] = await db
    .insert(applyDrafts)
    .values({
      userId: user.userId,
      projectId: input.ProjectId,
      positionId,
      values,
      fileIds,
      revision: 1,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [applyDrafts.userId, applyDrafts.projectId],
      set: {
        positionId,
        values,
        fileIds,
        revision: sql`${applyDrafts.revision} + 1`,
        updatedAt: now,
      },
    })
    .returning({ revision: applyDrafts.revision, updatedAt: applyDrafts.updatedAt });
  return { Revision: saved!.revision, UpdateTime: saved!.updatedAt.toISOString() };
}

/** The candidate's draft of a project's form as GetForm answers it (files with fresh addresses). */
export async function findDraft(
  db: Database,
  signer: UploadSigner,
  userId: number,
  projectId: number,
): Promise<ApplyDraft | null> {
  const [row]: (ApplyDraftRow | undefined)[] = await db
    .select()
    .from(applyDrafts)
    .where(ofCandidate(userId, projectId));
  if (!row) return null;
  return {
    PositionId: row.positionId,
    Values: await withUploadUrls(db, signer, userId, row.values),
    Revision: row.revision,
    UpdateTime: row.updatedAt.toISOString(),
  };
}

/** Sent: the draft has done its work. Run in the transaction that stores the application. */
export async function deleteDraft(db: Database, userId: number, projectId: number): Promise<void> {
  await db.delete(applyDrafts).where(ofCandidate(userId, projectId));
}

/** The daily cleanup's part: drafts left unsaved for APPLY_DRAFT_KEPT_DAYS. Returns how many. */
export async function deleteStaleDrafts(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - APPLY_DRAFT_KEPT_DAYS * 24 * 3600_000);
  const deleted = await db
    .delete(applyDrafts)
    .where(lt(applyDrafts.updatedAt, cutoff))
    .returning({ id: applyDrafts.id });
  return deleted.length;
}
