import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { browseHistory } from '../../db/schema/index.js';
import { groupCommitPer } from '../../platform/group-commit.js';

interface Footprint {
  userId: number;
  projectId: number;
  at: Date;
}

/** Footprints written in one statement at most. */
const FOOTPRINT_BATCH_MAX = 500;

/** One row per candidate and project, the latest visit: a statement may change a row only once. */
export function latestOfEach(batch: Footprint[]): Footprint[] {
  const latest = new Map<string, Footprint>();
  for (const f of batch) {
    const key = `${f.userId}:${f.projectId}`;
    const kept = latest.get(key);
    if (!kept || kept.at < f.at) latest.set(key, f);
  }
  return [...latest.values()];
}

async function writeFootprints(db: Database, batch: Footprint[]): Promise<void[]> {
  await db
    .insert(browseHistory)
    .values(
      latestOfEach(batch).map((f) => ({
        userId: f.userId,
        projectId: f.projectId,
        browsedAt: f.at,
      })),
    )
    .onConflictDoUpdate({
      target: [browseHistory.userId, browseHistory.projectId],
      // Another process may have written a later visit first.
      set: { browsedAt: sql`greatest(excluded.browsed_at, ${browseHistory.browsedAt})` },
    });
  return batch.map(() => undefined);
}

/**
 * A signed-in visit to a project's page leaves a footprint (the browse history). The page is the
 * most read of a registration morning, so its answer does not wait for that write: footprints go
 * to the database by group commit (platform/group-commit.ts), the visits of a busy second in one
 * statement. A crash loses the footprints not yet written, which no one relies on; a batch that
 * fails (a project deleted meanwhile, the database away) is dropped, not retried.
 */
const footprintsOf = groupCommitPer('footprints', writeFootprints, {
  maxInFlight: 1,
  maxBatch: FOOTPRINT_BATCH_MAX,
});

export function recordFootprint(db: Database, footprint: Footprint): void {
  footprintsOf(db)
    .submit(footprint)
    .catch(() => undefined);
}

/**
 * Waits for the footprints already recorded to be written: before a candidate's own lists are
 * read, and before the app (and then its database) closes.
 */
export function writeWaitingFootprints(db: Database): Promise<void> {
  return footprintsOf(db).settled();
}
