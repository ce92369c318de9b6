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

/** A spare started or starting, and what ends its start: closing the spares, or a take that stops waiting for it. */
interface Waiting<T> {
  starting: Promise<T>;
  stop: AbortController;
}

export class Spares<T> {
  private waiting: Waiting<T>[] = [];
  private closing = new AbortController();

  constructor(private readonly kind: SpareKind<T>) {}

  /** Starts spares until `count` wait. */
  fill(count: number): void {
    while (this.waiting.length < count) {
      const stop = new AbortController();
      const starting = this.kind.start(AbortSignal.any([this.closing.signal, stop.signal]));
      starting.catch(() => undefined); // a failed start is tried again by take(), which reports a lasting cause
      this.waiting.push({ starting, stop });
    }
  }

  /**
   * The oldest spare when one waits and is usable, else one started now (by `start` when given).
   * Waiting for a spare still starting (a server answers initialize within 30 s, or never) ends
   * when SIGNAL aborts (an interrupt, a unit's time limit) or the spares are closed (the run
   * ends): that spare's start is stopped at once, and the take fails.
   */
  async take(start: () => Promise<T> = () => this.kind.start(this.closing.signal), signal?: AbortSignal): Promise<T> {
    const taken = this.waiting.shift();
    if (taken === undefined) return start();
    const next = taken.starting;
    const ended = signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal;
    let stopWaiting = () => undefined as void;
    const stopped = new Promise<'stopped'>((resolve) => {
      stopWaiting = () => resolve('stopped');
      ended.addEventListener('abort', stopWaiting, { once: true });
      if (ended.aborted) stopWaiting();
    });
    const spare = await Promise.race([next.catch(() => undefined), stopped]).finally(() => ended.removeEventListener('abort', stopWaiting));
    if (spare === 'stopped') {
      taken.stop.abort();
      void next.then((started) => this.kind.stop(started), () => undefined);
      throw new Error(signal?.aborted ? 'stopped while a spare was starting' : 'the spares were closed while one was starting');
    }
    return spare !== undefined && this.kind.usable(spare) ? spare : start();
  }

  /** Settles once every spare started so far has finished starting (or failed to). */
  async started(): Promise<void> {
    await Promise.allSettled(this.waiting.map((spare) => spare.starting));
  }

  /** Stops the spares still waiting, those still starting at once. Spares filled after it start anew. */
  async close(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    this.closing.abort();
    this.closing = new AbortController();
    await Promise.all(waiting.map(({ starting }) => starting.then((started) => this.kind.stop(started), () => undefined)));
  }
}
