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

  /**
   * The oldest spare when one waits and is usable, else one started now (by `start` when given).
   * Waiting for a spare still starting (a server answers initialize within 30 s, or never) ends
   * when SIGNAL aborts (an interrupt) or the spares are closed (the run ends): that spare is
   * stopped once started, and the take fails at once.
   */
  async take(start: () => Promise<T> = () => this.kind.start(this.closing.signal), signal?: AbortSignal): Promise<T> {
    const next = this.waiting.shift();
    if (next === undefined) return start();
    const ended = signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal;
    let stopWaiting = () => undefined as void;
    const stopped = new Promise<'stopped'>((resolve) => {
      stopWaiting = () => resolve('stopped');
      ended.addEventListener('abort', stopWaiting, { once: true });
      if (ended.aborted) stopWaiting();
    });
    const spare = await Promise.race([next.catch(() => undefined), stopped]).finally(() => ended.removeEventListener('abort', stopWaiting));
    if (spare === 'stopped') {
      void next.then((started) => this.kind.stop(started), () => undefined);
      throw new Error(signal?.aborted ? 'stopped while a spare was starting' : 'the spares were closed while one was starting');
    }
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
