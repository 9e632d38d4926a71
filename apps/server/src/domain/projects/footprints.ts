import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { browseHistory } from '../../db/schema/index.js';
import { processCache } from '../../platform/process-cache.js';

/** How long a visit's footprint waits for others to be written with it. */
export const FOOTPRINT_FLUSH_MS = 1_000;
/** Past this many waiting, they are written at once. */
const FOOTPRINT_BATCH_MAX = 500;

interface Footprint {
  userId: number;
  projectId: number;
  at: Date;
}

/**
 * A signed-in visit to a project's page leaves a footprint (the browse history). The page is the
 * most read of a registration morning, so a visit costs it no write of its own: footprints wait
 * here, one per candidate and project, and are written together within FOOTPRINT_FLUSH_MS in one
 * statement. A crash loses at most that second of footprints, which no one relies on; a candidate's
 * own list writes theirs first.
 */
class FootprintBatch {
  private waiting = new Map<string, Footprint>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  record(footprint: Footprint): void {
    this.waiting.set(`${footprint.userId}:${footprint.projectId}`, footprint);
    if (this.waiting.size >= FOOTPRINT_BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FOOTPRINT_FLUSH_MS).unref();
  }

  /** Writes what waits (of one user, or all), after any write already under way. */
  flush(userId?: number): Promise<void> {
    const batch = [...this.waiting.values()].filter(
      (f) => userId === undefined || f.userId === userId,
    );
    for (const f of batch) this.waiting.delete(`${f.userId}:${f.projectId}`);
    if (this.waiting.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(() => writeFootprints(this.db, batch));
    return this.writing;
  }
}

function writeFootprints(db: Database, batch: Footprint[]): Promise<void> {
  return db
    .insert(browseHistory)
    .values(batch.map((f) => ({ userId: f.userId, projectId: f.projectId, browsedAt: f.at })))
    .onConflictDoUpdate({
      target: [browseHistory.userId, browseHistory.projectId],
      // Another process may have written a later visit first.
      set: { browsedAt: sql`greatest(excluded.browsed_at, ${browseHistory.browsedAt})` },
    })
    .then(
      () => undefined,
      // Footprints are kept as well as can be: a batch that fails (a project deleted meanwhile,
      // the database away) is dropped rather than held or retried.
      () => undefined,
    );
}

const batchOf = (db: Database) => {
  const batches = processCache<'batch', FootprintBatch>(db, 'footprints', {
    max: 1,
    ttlMs: 60 * 60_000,
  });
  let batch = batches.get('batch');
  if (!batch) batches.set('batch', (batch = new FootprintBatch(db)));
  return batch;
};

export function recordFootprint(db: Database, footprint: Footprint): void {
  batchOf(db).record(footprint);
}

/**
 * Writes the footprints that wait: a user's, before their list is read; everyone's, before the app
 * (and then its database) closes.
 */
export function writeWaitingFootprints(db: Database, userId?: number): Promise<void> {
  return batchOf(db).flush(userId);
}
