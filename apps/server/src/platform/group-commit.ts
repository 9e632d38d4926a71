import { processCache } from './process-cache.js';

/**
 * Group commit: items that arrive while a batch is being committed wait, and go together as the
 * next batch (one statement, one commit, one WAL flush). At low load each item goes alone and at
 * once; under load the batches grow by themselves, with no timer. An item's promise settles only
 * after its batch's `commit` returned, so whatever is acknowledged is already committed.
 */
export interface GroupCommitOptions {
  /** Batches being committed at once. */
  maxInFlight: number;
  /** Items in one batch at most. */
  maxBatch: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private inFlight = 0;
  /** Every item's promise until it settles. */
  private pending = new Set<Promise<O>>();

  /** `commit` answers one result per item, in the items' order. */
  constructor(
    private readonly commit: (items: I[]) => Promise<O[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    const result = new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.flush();
    });
    this.pending.add(result);
    const forget = () => void this.pending.delete(result);
    result.then(forget, forget);
    return result;
  }

  /** Settles once every item submitted so far is committed or has failed (later ones not awaited). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.inFlight += 1;
      void this.commit(batch.map((w) => w.item))
        .then(
          (results) => batch.forEach((w, i) => w.resolve(results[i]!)),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.flush();
        });
    }
  }
}

/** A group is named in the code, one per owner and name: kept this long, then built afresh. */
const GROUP_KEPT_MS = 6 * 3600_000;

/**
 * One group commit per owner (a database: the tests open several in one process) and name, built on
 * first use; `commit` is given the owner.
 */
export function groupCommitPer<Owner extends object, I, O>(
  name: string,
  commit: (owner: Owner, items: I[]) => Promise<O[]>,
  options: GroupCommitOptions,
): (owner: Owner) => GroupCommit<I, O> {
  return (owner) => {
    const groups = processCache<string, GroupCommit<I, O>>(owner, 'group commits', {
      max: 50,
      ttlMs: GROUP_KEPT_MS,
    });
    let group = groups.get(name);
    if (!group)
      groups.set(name, (group = new GroupCommit((items) => commit(owner, items), options)));
    return group;
  };
}
