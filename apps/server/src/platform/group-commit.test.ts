import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A commit the test finishes by hand, recording each batch it was given. */
function manualCommit() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const commit = (items: number[]) =>
    new Promise<string[]>((resolve) => {
      batches.push(items);
      finish.push(() => resolve(items.map((i) => `stored ${i}`)));
    });
  return { batches, finish, commit };
}

/** Lets the promise callbacks under way run. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

const settledYet = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await tick();
  return done;
};

describe('GroupCommit: saves that arrive during a commit go together in the next one', () => {
  it('sends one item alone and at once when nothing is being committed', async () => {
    const { batches, finish, commit } = manualCommit();
    const group = new GroupCommit(commit, { maxInFlight: 1, maxBatch: 100 });
    const saved = group.submit(1);
    expect(batches).toEqual([[1]]);
    finish[0]!();
    expect(await saved).toBe('stored 1');
  });

  it('batches what arrives while a commit is under way, each answered with its own result', async () => {
    const { batches, finish, commit } = manualCommit();
    const group = new GroupCommit(commit, { maxInFlight: 1, maxBatch: 100 });
    const first = group.submit(1);
    const waiting = [2, 3, 4].map((i) => group.submit(i));
    expect(batches).toEqual([[1]]);
    finish[0]!();
    await first;
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finish[1]!();
    expect(await Promise.all(waiting)).toEqual(['stored 2', 'stored 3', 'stored 4']);
  });

  it('acknowledges nothing before its batch is committed', async () => {
    const { finish, commit } = manualCommit();
    const group = new GroupCommit(commit, { maxInFlight: 1, maxBatch: 100 });
    void group.submit(1);
    const second = group.submit(2);
    finish[0]!();
    expect(await settledYet(second)).toBe(false);
    finish[1]!();
    expect(await settledYet(second)).toBe(true);
  });

  it('keeps batches to their size and in flight to their number', async () => {
    const { batches, finish, commit } = manualCommit();
    const group = new GroupCommit(commit, { maxInFlight: 2, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5, 6].map((i) => group.submit(i));
    expect(batches).toEqual([[1], [2]]);
    finish[0]!();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    finish[1]!();
    finish[2]!();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    finish[3]!();
    expect(await Promise.all(all)).toHaveLength(6);
  });

  it('fails every item of a batch whose commit failed, and goes on with the next', async () => {
    let calls = 0;
    const group = new GroupCommit(
      async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items;
      },
      { maxInFlight: 1, maxBatch: 100 },
    );
    const lost = group.submit(1);
    const next = group.submit(2);
    await expect(lost).rejects.toThrow('connection lost');
    expect(await next).toBe(2);
  });

  it('settles once everything submitted before it is committed', async () => {
    const { finish, commit } = manualCommit();
    const group = new GroupCommit(commit, { maxInFlight: 1, maxBatch: 100 });
    void group.submit(1);
    void group.submit(2);
    const settled = group.settled();
    void group.submit(3);
    finish[0]!();
    expect(await settledYet(settled)).toBe(false);
    // The second batch holds 2 (and 3, which came later): settled once it is committed.
    finish[1]!();
    expect(await settledYet(settled)).toBe(true);
    expect(await settledYet(group.settled())).toBe(true);
  });
});
