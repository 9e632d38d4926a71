import { maskName } from '@portal/contracts';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  browseHistory,
  consents,
  examAccommodations,
  notificationOutbox,
  projectFollows,
  projectQuestions,
  scoreReviews,
  applyDrafts,
  userApplyArchives,
  userMessages,
  users,
} from '../../db/schema/index.js';
import { coolingOffCutoff } from '../accounts/closing.js';
import { WECHAT_UNBOUND } from '../accounts/users.js';
import type { FileStore } from '../ports.js';
import { recordPersonalDataEventIn, type AuditActor } from './audit-trail.js';
import { deleteStoredFiles, deleteUploadRows, ERASE_BATCH } from './retention.js';

/** The job's name: in its lock, its log and, as the actor, in the audit trail. */
export const ACCOUNT_ERASURE_JOB = 'account erasure';
const ERASURE_ACTOR: AuditActor = { kind: 'system', id: ACCOUNT_ERASURE_JOB };

/** What a question of an erased account reads as (the organiser's answer stays). */
export const ERASED_QUESTION = '（提问人已注销账号，提问内容已删除）';
/** What a 复核 request's reason of an erased account reads as (the answer and scores stay). */
export const ERASED_REVIEW_REASON = '（申请人已注销账号，复核理由已删除）';

/**
 * Erases one closed account past its cooling-off, in one transaction (and nothing if it was erased
 * or reopened meanwhile): the name (kept masked, 张*, for the payment records), mobile and the kept
 * closed mobile, ID number and its blind index, the password, the avatar, the archive, every
 * application's form values, every upload, its questions' and 复核 requests' text, its messages, follows, history and
 * exam accommodations (health), a child's guardian's name and mobile. Kept, as the law asks: payment orders (under the masked name), the
 * applications' bare records they belong to, consents and the audit trail, where an `erase` event
 * is added. Returns the stored names of its files, to delete once committed.
 */
async function eraseAccount(db: Database, userId: number, now: Date): Promise<string[] | null> {
  return db.transaction(async (txDb) => {
    const tx = txDb as Database;
    const [user] = await tx
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'closed'), isNull(users.erasedAt)))
      .for('update');
    if (!user) return null;
    await tx.update(applications).set({ values: {} }).where(eq(applications.userId, userId));
    await tx
      .update(applications)
      .set({ sensitiveErasedAt: now })
      .where(and(eq(applications.userId, userId), isNull(applications.sensitiveErasedAt)));
    await tx.delete(userApplyArchives).where(eq(userApplyArchives.userId, userId));
    await tx.delete(applyDrafts).where(eq(applyDrafts.userId, userId));
    await tx
      .update(projectQuestions)
      .set({ content: ERASED_QUESTION })
      .where(eq(projectQuestions.userId, userId));
    await tx
      .update(scoreReviews)
      .set({ reason: ERASED_REVIEW_REASON })
      .where(
        inArray(
          scoreReviews.applicationId,
          tx
            .select({ id: applications.id })
            .from(applications)
            .where(eq(applications.userId, userId)),
        ),
      );
    await tx.delete(userMessages).where(eq(userMessages.userId, userId));
    // The text messages told outside the site (a review remark among them), sent or not.
    await tx.delete(notificationOutbox).where(eq(notificationOutbox.userId, userId));
    await tx.delete(projectFollows).where(eq(projectFollows.userId, userId));
    await tx.delete(browseHistory).where(eq(browseHistory.userId, userId));
    await tx.delete(examAccommodations).where(eq(examAccommodations.userId, userId));
    // The consent stays on record; the guardian who gave it for a child is no longer named.
    await tx
      .update(consents)
      .set({ guardianName: null, guardianMobile: null })
      .where(eq(consents.userId, userId));
    const files = await deleteUploadRows(tx, userId);
    await tx
      .update(users)
      .set({
        name: maskName(user.name),
        mobile: null,
        closedMobile: null,
        passwordHash: '',
        headPortrait: '',
        isRealName: false,
        realName: null,
        idNumber: null,
        idNumberIndex: null,
        ...WECHAT_UNBOUND,
        erasedAt: now,
      })
      .where(eq(users.id, userId));
    await recordPersonalDataEventIn(
      tx,
      { actor: ERASURE_ACTOR, subjectUserId: userId, action: 'erase', target: 'all', address: '' },
      now,
    );
    return files;
  });
}

/**
 * The erasure of closed accounts whose cooling-off (`coolingOffDays` after closing) is over: each
 * once (an erased account is marked, and a second run finds nothing), its files deleted from
 * storage after its transaction commits. Returns how many accounts were erased.
 */
export async function eraseClosedAccounts(
  db: Database,
  store: FileStore,
  now: Date,
  coolingOffDays: number,
): Promise<number> {
  const cutoff = coolingOffCutoff(now, coolingOffDays);
  let erased = 0;
  for (;;) {
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'closed'), isNull(users.erasedAt), lte(users.closedAt, cutoff)))
      .orderBy(asc(users.closedAt))
      .limit(ERASE_BATCH);
    if (due.length === 0) return erased;
    for (const { id } of due) {
      const files = await eraseAccount(db, id, now);
      if (!files) continue;
      await deleteStoredFiles(store, files);
      erased += 1;
    }
  }
}
