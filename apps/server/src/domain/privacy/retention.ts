import { isSensitiveField, type FormField, type FormValues } from '@portal/contracts';
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  applications,
  forms,
  projects,
  uploads,
  userApplyArchives,
} from '../../db/schema/index.js';
import type { FileStore } from '../ports.js';
import { fileIdOf } from '../uploads/uploads.js';

/** Applications erased per round: short transactions, the table stays writable. */
export const ERASE_BATCH = 100;
const DAY_MS = 24 * 3600_000;

/**
 * Deletes a user's uploads (those of `ids`, or every one) in the transaction `tx`; returns their
 * stored names, for `deleteStoredFiles` once it has committed.
 */
export async function deleteUploadRows(
  tx: Database,
  userId: number,
  ids?: readonly string[],
): Promise<string[]> {
  const deleted = await tx
    .delete(uploads)
    .where(
      ids
        ? and(inArray(uploads.id, [...ids]), eq(uploads.userId, userId))
        : eq(uploads.userId, userId),
    )
    .returning({ storedName: uploads.storedName });
  return deleted.map((upload) => upload.storedName);
}

/** After the commit: a file is never gone while a row still names it. */
export async function deleteStoredFiles(store: FileStore, names: readonly string[]): Promise<void> {
  for (const name of names) await store.delete(name);
}

/** What the retention erases of an application: its sensitive values and every file. */
export function isErasedAfterRetention(field: FormField): boolean {
  return isSensitiveField(field) || field.Type === 'photo' || field.Type === 'file';
}

function fileIdsOf(values: FormValues | null | undefined): string[] {
  return Object.values(values ?? {})
    .map(fileIdOf)
    .filter((id): id is string => id !== null);
}

/**
 * The retention job: a project's applications keep their sensitive values and files until
 * `retentionDays` after its exam (its application period when it has none); then they are erased
 * from the application and the files deleted from storage, unless the candidate's archive or
 * another of their applications still names them. Returns how many applications were erased.
 */
export async function eraseExpiredSensitiveValues(
  db: Database,
  store: FileStore,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let erased = 0;
  for (;;) {
    const due = await db
      .select({ id: applications.id, userId: applications.userId, fields: forms.fields })
      .from(applications)
      .innerJoin(projects, eq(projects.id, applications.projectId))
      .innerJoin(forms, eq(forms.projectId, applications.projectId))
      .where(
        and(
          isNull(applications.sensitiveErasedAt),
          lt(sql`coalesce(${projects.examEndAt}, ${projects.applyEndAt})`, cutoff),
        ),
      )
      .limit(ERASE_BATCH);
    if (due.length === 0) return erased;
    for (const application of due) {
      const names = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ values: applications.values })
          .from(applications)
          .where(and(eq(applications.id, application.id), isNull(applications.sensitiveErasedAt)))
          .for('update');
        if (!row) return [];
        const erasedIds = new Set(
          application.fields.filter(isErasedAfterRetention).map((f) => f.FieldId),
        );
        const kept = Object.fromEntries(
          Object.entries(row.values).filter(([fieldId]) => !erasedIds.has(fieldId)),
        );
        const removedFiles = fileIdsOf(
          Object.fromEntries(Object.entries(row.values).filter(([id]) => erasedIds.has(id))),
        );
        await tx
          .update(applications)
          .set({ values: kept, sensitiveErasedAt: now })
          .where(eq(applications.id, application.id));
        if (removedFiles.length === 0) return [];
        // A file the candidate still uses elsewhere stays.
        const [archive] = await tx
          .select({ values: userApplyArchives.values })
          .from(userApplyArchives)
          .where(eq(userApplyArchives.userId, application.userId));
        const others = await tx
          .select({ values: applications.values })
          .from(applications)
          .where(
            and(eq(applications.userId, application.userId), ne(applications.id, application.id)),
          );
        const inUse = new Set([
          ...fileIdsOf(archive?.values),
          ...others.flatMap((other) => fileIdsOf(other.values)),
        ]);
        const gone = removedFiles.filter((id) => !inUse.has(id));
        if (gone.length === 0) return [];
        return deleteUploadRows(tx as Database, application.userId, gone);
      });
      await deleteStoredFiles(store, names);
      erased += 1;
    }
  }
}
