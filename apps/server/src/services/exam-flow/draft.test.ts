import { apply, getForm, saveApplyDraft, type FormValues } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDrafts, positions, uploads } from '../../db/schema/index.js';
import {
  ALREADY_APPLIED,
  APPLY_DRAFT_KEPT_DAYS,
  deleteStaleDrafts,
} from '../../domain/applications/drafts.js';
import { deleteUnattachedUploads, UNATTACHED_UPLOAD_TTL_MS } from '../../domain/uploads/uploads.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  firstPositionOf,
  projectIdOf,
  storedPhoto,
  userIdOf,
  validValues,
} from './flow-test-kit.js';

const DAY = 24 * 3600_000;

describe('ProjectApply/SaveApplyDraft: a form that follows the candidate to another device', () => {
  let t: TestApp;
  let clock = Date.now();
  let projectId: number;
  let positionId: number;
  let wang: number;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    positionId = await firstPositionOf(t.db, projectId);
    wang = await userIdOf(t.db, '13900139000');
  });
  afterAll(() => t.close());

  const save = (as: number, Values: FormValues, PositionId?: number) =>
    t.call(saveApplyDraft, { ProjectId: projectId, PositionId, Values }, { as });
  const draftOf = async (as: number) => {
    const form = await t.call(getForm, { ProjectId: projectId }, { as });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    return form.body.Data.Draft;
  };

  it('keeps what was typed, half-typed fields and the photo included, for the same candidate only', async () => {
    const photo = await storedPhoto(t, wang);
    const strangers = await storedPhoto(t, t.demoUserId);
    const first = await save(
      wang,
      { name: '王芳', idNumber: '1101051990', photo, notAField: 'x' },
      positionId,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await save(wang, { name: '王芳', idNumber: '110105199003', photo }, positionId);
    expect(second.body.Data.Revision).toBe(first.body.Data.Revision + 1);

    const draft = await draftOf(wang);
    expect(draft).toMatchObject({
      PositionId: positionId,
      Revision: second.body.Data.Revision,
      Values: { name: '王芳', idNumber: '110105199003' },
    });
    const kept = draft!.Values.photo as { FileId: string; FileName: string; Url?: string };
    expect(kept.FileId).toBe(photo.FileId);
    expect(kept.Url).toMatch(/^\/uploads\/.+signature=/);
    expect(await draftOf(t.demoUserId)).toBeNull();

    // Another candidate's upload and a key the form does not have are left out, never kept.
    const stored = await t.db.select().from(applyDrafts).where(eq(applyDrafts.userId, wang));
    expect(stored[0]!.fileIds).toEqual([photo.FileId]);
    const early = await save(wang, { photo: strangers, notAField: 'x' });
    expect(early.status).toBe(200);
    const [row] = await t.db
      .select({ values: applyDrafts.values })
      .from(applyDrafts)
      .where(eq(applyDrafts.userId, wang));
    expect(row!.values).toEqual({});
    await save(wang, { name: '王芳', idNumber: '110105199003', photo }, positionId);
  });

  it('keeps it sealed at rest: the stored text names neither the name nor the ID number', async () => {
    const [row] = await t.db
      .select({ text: sql<string>`${applyDrafts.values}` })
      .from(applyDrafts)
      .where(eq(applyDrafts.userId, wang));
    expect(row!.text).toMatch(/^sealed:v1:/);
    expect(row!.text).not.toContain('王芳');
    expect(row!.text).not.toContain('110105199003');
  });

  it('refuses another project’s position, and a project that is not there', async () => {
    const [foreign] = await t.db
      .select({ id: positions.id })
      .from(positions)
      .where(sql`${positions.projectId} <> ${projectId}`)
      .limit(1);
    const refused = await save(wang, { name: '王芳' }, foreign!.id);
    expect(refused.status).toBe(400);
    expect(refused.body.ErrMsg).toBe('所选岗位不属于该项目，请重新选择');
    const missing = await t.call(saveApplyDraft, { ProjectId: 999_999, Values: {} }, { as: wang });
    expect(missing.status).toBe(404);
  });

  it('keeps the draft’s photo through the daily cleanup, and lets both go once the draft is stale', async () => {
    const [photoId] = (
      await t.db.select().from(applyDrafts).where(eq(applyDrafts.userId, wang))
    )[0]!.fileIds;
    clock += UNATTACHED_UPLOAD_TTL_MS + 1000;
    await deleteUnattachedUploads(t.db, t.deps.gateways.files, new Date(clock));
    const kept = await t.db.select().from(uploads).where(eq(uploads.id, photoId!));
    expect(kept).toHaveLength(1);

    expect(await deleteStaleDrafts(t.db, new Date(clock))).toBe(0);
    clock += APPLY_DRAFT_KEPT_DAYS * DAY;
    expect(await deleteStaleDrafts(t.db, new Date(clock))).toBeGreaterThanOrEqual(1);
    expect(await draftOf(wang)).toBeNull();
    await deleteUnattachedUploads(t.db, t.deps.gateways.files, new Date(clock));
    expect(await t.db.select().from(uploads).where(eq(uploads.id, photoId!))).toEqual([]);
  });

  it('is deleted when the application is sent, with the photo the application now holds', async () => {
    clock = Date.now();
    const photo = await storedPhoto(t, wang);
    await save(wang, validValues({ photo }), positionId);
    expect(await draftOf(wang)).not.toBeNull();
    const sent = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: positionId,
        Values: validValues({ photo }),
        SensitiveConsent: true,
      },
      { as: wang },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await draftOf(wang)).toBeNull();
    // A save still on its way from another tab does not bring it back.
    const late = await save(wang, validValues({ photo }), positionId);
    expect(late.status).toBe(409);
    expect(late.body.ErrMsg).toBe(ALREADY_APPLIED);
    expect(await draftOf(wang)).toBeNull();
  });
});
