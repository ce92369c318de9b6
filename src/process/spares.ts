// Things started ahead of need (runtime workers, runtime server processes): a
// start costs tens to hundreds of milliseconds, so it is paid while nothing
// waits for it. A spare that failed to start or ended while it waited is never
// handed out: a fresh one is started instead. Closing stops the spares still starting too:
// one that never finishes starting (a server that never answers) must not hold the close.
export interface SpareKind<T> {
  /** Starts one; CLOSED aborts when the spares are closed, and a start still under way then stops what it started. */
  start(closed: AbortSignal): Promise<T>;
  /** Whether a started spare can still be used (it has not ended meanwhile). */
  usable(spare: T): boolean;
  stop(spare: T): Promise<void>;
}

export class Spares<T> {
  private waiting: Promise<T>[] = [];
  private closing = new AbortController();

  constructor(private readonly kind: SpareKind<T>) {}

  /** Starts spares until `count` wait. */
  fill(count: number): void {
    while (this.waiting.length < count) {
      const starting = this.kind.start(this.closing.signal);
      starting.catch(() => undefined); // a failed start is tried again by take(), which reports a lasting cause
      this.waiting.push(starting);
    }
  }

  /** The oldest spare when one waits and is usable, else one started now (by `start` when given). */
  async take(start: () => Promise<T> = () => this.kind.start(this.closing.signal)): Promise<T> {
    const spare = await this.waiting.shift()?.catch(() => undefined);
    return spare !== undefined && this.kind.usable(spare) ? spare : start();
  }

  /** Settles once every spare started so far has finished starting (or failed to). */
  async started(): Promise<void> {
    await Promise.allSettled(this.waiting);
  }

  /** Stops the spares still waiting, those still starting at once. Spares filled after it start anew. */
  async close(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    this.closing.abort();
    this.closing = new AbortController();
    await Promise.all(waiting.map((spare) => spare.then((started) => this.kind.stop(started), () => undefined)));
  }
}
