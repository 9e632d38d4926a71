import { describe, expect, it } from 'vitest';
import { LineFull, WorkLine } from './work-line.js';

/** A piece of work that ends when told to. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { work: () => done, end };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a line of CPU-bound work (the password hashes)', () => {
  it('does `concurrency` pieces at once; the next waits its turn and goes when one ends', async () => {
    const line = new WorkLine({ concurrency: 2, waiting: 5 }, 40);
    const pieces = [held(), held(), held()];
    const started: number[] = [];
    const runs = pieces.map((piece, i) =>
      line.run(async () => {
        started.push(i);
        await piece.work();
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    pieces[1]!.end();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    pieces[0]!.end();
    pieces[2]!.end();
    await Promise.all(runs);
  });

  it('refuses a piece at once past the waiting room, with the seconds until the line is served', async () => {
    const line = new WorkLine({ concurrency: 1, waiting: 2 }, 1_500);
    const piece = held();
    const runs = [line.run(piece.work), line.run(piece.work), line.run(piece.work)];
    expect(line.hasRoom()).toBe(false);
    const refused = await line.run(piece.work).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LineFull);
    // Three ahead of it, one at a time, 1.5 s each: 4.5 s, said as 5.
    expect((refused as LineFull).retryAfterSeconds).toBe(5);
    expect((refused as LineFull).status).toBe(503);
    piece.end();
    await Promise.all(runs);
    expect(line.hasRoom()).toBe(true);
  });

  it('frees the turn of a piece that failed', async () => {
    const line = new WorkLine({ concurrency: 1, waiting: 0 }, 10);
    await expect(line.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    await expect(line.run(async () => 'next')).resolves.toBe('next');
  });
});
