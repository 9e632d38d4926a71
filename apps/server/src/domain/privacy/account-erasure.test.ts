import { randomBytes } from 'node:crypto';
import {
  apply,
  closeAccount,
  getAccountClosing,
  getUser,
  maskName,
  realPersonVerify,
  saveUserApplyArchive,
  updateHeadPortrait,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  consents,
  notificationOutbox,
  paymentOrders,
  personalDataEvents,
  projectQuestions,
  uploads,
  userApplyArchives,
  users,
} from '../../db/schema/index.js';
import { createAttemptLimiter } from '../../platform/attempt-limiter.js';
import { createMemoryStore } from '../../platform/kv-store.js';
import { blindIndex, openBytes } from '../../platform/sealed-values.js';
import {
  firstPositionOf,
  payThroughCashier,
  projectIdOf,
  validValues,
} from '../../services/exam-flow/flow-test-kit.js';
import { obtainVerifyToken } from '../../services/exam-message/sms-test-kit.js';
import { SANDBOX_REGISTER } from '../../gateways/identity/sandbox.js';
import { SEED_PROJECTS } from '../../testing/demo-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { tablesHolding } from '../../dev-tools/data-search.js';
import { reviewApplication, startReview } from '../applications/review.js';
import { hashPassword } from '../accounts/passwords.js';
import { signInWithPassword } from '../accounts/sign-in.js';
import { storeUpload, uploadStoreOf } from '../uploads/uploads.js';
import { eraseClosedAccounts, ERASED_QUESTION } from './account-erasure.js';
import { verifyPersonalDataEvents } from './audit-trail.js';
import { GUARDIAN_CONSENT_VERSION, recordConsents } from './consents.js';

const DAY_MS = 24 * 3600_000;
const COOLING_OFF_DAYS = 15;
const PASSWORD = 'Start@2024';
/** People of the sandbox's register that no seed holds: one reopens, one is erased. */
const personNamed = (name: string) => SANDBOX_REGISTER.find((p) => p.name === name)!;
const REOPENING = personNamed('孙丽');
const PERSON = personNamed('周杰');

/** A JPEG's magic and bytes no other file has: what the search looks for. */
const photoBytes = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    randomBytes(64),
  ]);

describe('erasure on closing: a cooling-off, then a job erases (issue 28 item 4)', () => {
  let t: TestApp;
  const clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const later = (days: number) => new Date(clock.getTime() + days * DAY_MS);
  const erase = (at: Date) =>
    eraseClosedAccounts(t.db, t.deps.gateways.files, at, COOLING_OFF_DAYS);

  /** A candidate with everything personal: a verified real name, an avatar, an archive, a paid
   * application with a photo, and a question that names them. */
  async function candidate(mobile: string, person = PERSON) {
    const [row] = await t.db
      .insert(users)
      .values({
        tenantId: 1,
        mobile,
        name: person.name,
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning({ id: users.id });
    const id = row!.id;
    const verified = await t.call(
      realPersonVerify,
      { Name: person.name, IdNumber: person.idNumber },
      { as: id },
    );
    expect(verified.body.Data.IsRealName).toBe(true);
    const files = uploadStoreOf(t.deps);
    const avatar = await storeUpload(
      files,
      id,
      { fileName: 'me.jpg', data: photoBytes() },
      'avatar',
    );
    expect(
      (await t.call(updateHeadPortrait, { HeadPortrait: avatar.FileId }, { as: id })).status,
    ).toBe(200);
    const bytes = photoBytes();
    const photo = await storeUpload(files, id, { fileName: 'photo.jpg', data: bytes }, 'photo');
    const values = validValues({ name: person.name, idNumber: person.idNumber, mobile, photo });
    expect((await t.call(saveUserApplyArchive, { Values: values }, { as: id })).status).toBe(200);
    const projectId = await projectIdOf(t.db, SEED_PROJECTS.journey);
    const applied = await t.call(
      apply,
      {
        ProjectId: projectId,
        PositionId: await firstPositionOf(t.db, projectId),
        Values: values,
        SensitiveConsent: true,
      },
      { as: id },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const applyId = applied.body.Data.ApplyId;
    await startReview(t.db, applyId, clock);
    await reviewApplication(t.db, applyId, 'approve', null, clock);
    await payThroughCashier(t, id, applyId);
    await t.db.insert(projectQuestions).values({
      projectId,
      userId: id,
      content: `我是${person.name}，手机${mobile}，请问何时出成绩？`,
    });
    const [stored] = await t.db.select().from(uploads).where(eq(uploads.id, photo.FileId));
    return { id, applyId, bytes, storedName: stored!.storedName };
  }

  async function close(id: number, mobile: string) {
    // What closing means is told before it is confirmed.
    expect((await t.call(getAccountClosing, {}, { as: id })).body.Data).toEqual({
      CoolingOffDays: COOLING_OFF_DAYS,
      EraseTime: later(COOLING_OFF_DAYS).toISOString(),
    });
    const token = await obtainVerifyToken(t, mobile, 'CloseAccount', id);
    expect((await t.call(closeAccount, { VerifyToken: token }, { as: id })).status).toBe(200);
  }

  const signIn = (mobile: string, now: Date) =>
    signInWithPassword(t.deps, createAttemptLimiter(createMemoryStore()), {
      mobile,
      password: PASSWORD,
      address: '203.0.113.9',
      human: async () => true,
      coolingOff: { now, days: COOLING_OFF_DAYS },
    });

  const tablesHoldingText = (text: string) => tablesHolding(t.db, text);

  /** Every file of the store holding these bytes, as stored or unsealed (files are sealed at rest). */
  async function filesHolding(bytes: Buffer): Promise<string[]> {
    const found: string[] = [];
    for await (const name of t.deps.gateways.files.namesStoredBefore(later(3650))) {
      const file = await t.deps.gateways.files.get(name);
      if (!file) continue;
      let unsealed: Buffer | null = null;
      try {
        unsealed = openBytes(file);
      } catch {
        // not sealed under our keys: only its stored bytes count
      }
      if (file.includes(bytes) || unsealed?.includes(bytes)) found.push(name);
    }
    return found;
  }

  it('signing in within the cooling-off cancels the closing, and nothing is erased', async () => {
    const mobile = '13655501501';
    const { id, storedName } = await candidate(mobile, REOPENING);
    await close(id, mobile);
    expect((await t.call(getUser, {}, { as: id })).status).toBe(401);

    // A wrong password, or a sign-in after the cooling-off, does not reopen it.
    expect((await signIn(mobile, later(COOLING_OFF_DAYS + 1))).ok).toBe(false);
    const reopened = await signIn(mobile, later(COOLING_OFF_DAYS - 1));
    expect(reopened).toEqual({ ok: true, userId: id, reopened: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      status: 'active',
      mobile,
      closedMobile: null,
      closedAt: null,
      isRealName: true,
    });
    expect((await t.call(getUser, {}, { as: id })).body.Data.Name).toBe(REOPENING.name);

    // The job past the period finds nothing of it.
    expect(await erase(later(COOLING_OFF_DAYS + 1))).toBe(0);
    const [kept] = await t.db.select().from(users).where(eq(users.id, id));
    expect(kept).toMatchObject({
      name: REOPENING.name,
      erasedAt: null,
      idNumber: REOPENING.idNumber,
    });
    expect(await t.deps.gateways.files.get(storedName)).not.toBeNull();
    // Signing in again is an ordinary sign-in.
    expect(await signIn(mobile, later(COOLING_OFF_DAYS - 1))).toEqual({ ok: true, userId: id });
  });

  it('past the cooling-off the job erases name, ID number, mobile, photos and forms, once; the payment stays masked', async () => {
    const mobile = '13655502502';
    const { id, applyId, bytes, storedName } = await candidate(mobile);
    // The search finds what is there: the name in the account, the number's blind index.
    const index = blindIndex(t.deps.secrets.blindIndexKey, PERSON.idNumber);
    expect(await tablesHoldingText(PERSON.name)).toContain('users');
    expect(await tablesHoldingText(index)).toEqual(['users']);
    expect(await filesHolding(bytes)).toEqual([storedName]);
    // A guardian's consent on record (as a child's application keeps one).
    await recordConsents(t.db, {
      userId: id,
      kinds: [
        {
          kind: 'guardian',
          version: GUARDIAN_CONSENT_VERSION,
          applicationId: applyId,
          guardian: { name: '刘大山', mobile: '13655509999' },
        },
      ],
      address: null,
      at: clock,
    });
    await close(id, mobile);
    const closedAt = clock;

    // A day short of the period: nothing yet.
    expect(await erase(new Date(closedAt.getTime() + (COOLING_OFF_DAYS - 1) * DAY_MS))).toBe(0);
    const due = new Date(closedAt.getTime() + (COOLING_OFF_DAYS + 1) * DAY_MS);
    // A text message about an application (with the reviewer's remark) goes with the account.
    const [own] = await t.db.select().from(applications).where(eq(applications.userId, id));
    await t.db.insert(notificationOutbox).values({
      userId: id,
      applicationId: own!.id,
      kind: 'review_decided',
      occasion: 'erasure-test',
      text: '您报名的项目被退回修改。审核意见：照片不清晰。',
    });
    expect(await erase(due)).toBe(1);
    expect(
      await t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, id)),
    ).toEqual([]);
    // Once: a second run finds nothing.
    expect(await erase(due)).toBe(0);

    for (const personal of [PERSON.name, PERSON.idNumber, mobile, index])
      expect(await tablesHoldingText(personal), personal).toEqual([]);
    expect(await filesHolding(bytes)).toEqual([]);
    expect(await t.deps.gateways.files.get(storedName)).toBeNull();
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, id))).toEqual([]);
    // What was sealed is gone too, not only out of sight.
    const [application] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.id, applyId));
    expect(application!.values).toEqual({});
    expect(
      await t.db.select().from(userApplyArchives).where(eq(userApplyArchives.userId, id)),
    ).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      name: maskName(PERSON.name),
      mobile: null,
      closedMobile: null,
      idNumber: null,
      idNumberIndex: null,
      realName: null,
      isRealName: false,
      headPortrait: '',
      passwordHash: '',
      erasedAt: due,
    });
    const [question] = await t.db
      .select({ content: projectQuestions.content })
      .from(projectQuestions)
      .where(eq(projectQuestions.userId, id));
    expect(question!.content).toBe(ERASED_QUESTION);
    // The consent stays on record; its guardian is no longer named.
    expect(
      await t.db
        .select({
          kind: consents.kind,
          name: consents.guardianName,
          mobile: consents.guardianMobile,
        })
        .from(consents)
        .where(and(eq(consents.userId, id), eq(consents.kind, 'guardian'))),
    ).toEqual([{ kind: 'guardian', name: null, mobile: null }]);

    // The law keeps the payment record, under the masked name.
    const [order] = await t.db
      .select({ status: paymentOrders.status, userId: paymentOrders.userId })
      .from(paymentOrders)
      .where(eq(paymentOrders.applicationId, applyId));
    expect(order).toEqual({ status: 'Paid', userId: id });
    // The audit trail keeps its rows, and adds the erasure, by the job.
    const erased = await t.db
      .select({ actorKind: personalDataEvents.actorKind, at: personalDataEvents.at })
      .from(personalDataEvents)
      .where(and(eq(personalDataEvents.subjectUserId, id), eq(personalDataEvents.action, 'erase')));
    expect(erased).toEqual([{ actorKind: 'system', at: due }]);
    expect((await verifyPersonalDataEvents(t.db)).intact).toBe(true);

    // Nothing signs in to it any more.
    expect((await signIn(mobile, due)).ok).toBe(false);
  });
});
