import { ERROR_CODES, WAITING_LINE_MESSAGE } from '@portal/contracts';

/**
 * Refused at once, the line being full: come back after `retryAfterSeconds` (503 with Retry-After;
 * the services answer it as the waiting line, the sign-in pages say it on the page).
 */
export class LineFull extends Error {
  override name = 'LineFull';
  readonly status = ERROR_CODES.SERVICE_UNAVAILABLE;
  constructor(readonly retryAfterSeconds: number) {
    super(WAITING_LINE_MESSAGE);
  }
}

export interface WorkLineLimits {
  /** Pieces of work done at once. */
  concurrency: number;
  /** Pieces that may wait for a turn; past them a new one is refused with LineFull. */
  waiting: number;
}

/**
 * CPU-bound work of one kind (a password hash) done `concurrency` at a time, with a bounded line
 * before it: what cannot be served soon is refused at once with an honest wait, never queued until
 * the caller times out.
 */
export class WorkLine {
  private running = 0;
  private readonly line: (() => void)[] = [];
  /** How long one piece takes, ms: a moving average of the pieces done. */
  private averageMs: number;

  constructor(
    private limits: WorkLineLimits,
    expectedMs: number,
  ) {
    this.averageMs = expectedMs;
  }

  setLimits(limits: WorkLineLimits): void {
    this.limits = limits;
  }

  /** Whether a piece sent now would be taken (at once or in the line). */
  hasRoom(): boolean {
    return this.running < this.limits.concurrency || this.line.length < this.limits.waiting;
  }

  /** Throws LineFull when a piece sent now would be refused: before work that must not be wasted. */
  admit(): void {
    if (!this.hasRoom()) throw new LineFull(this.retryAfterSeconds());
  }

  /** Seconds until what is in the line now has been served, at least 1. */
  retryAfterSeconds(): number {
    const ahead = (this.line.length + this.running) / this.limits.concurrency;
    return Math.max(1, Math.ceil((ahead * this.averageMs) / 1000));
  }

  /** Does `work` in its turn; throws LineFull at once when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.admit();
    // A piece that finishes hands its turn straight to the first in line.
    if (this.running < this.limits.concurrency) this.running += 1;
    else await new Promise<void>((resolve) => this.line.push(resolve));
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs += (performance.now() - started - this.averageMs) / 10;
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
