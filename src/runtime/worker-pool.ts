// Workers started ahead of need, for servers that open many sessions in one
// process: a session takes a worker that is already up (a start costs tens of
// milliseconds) and a successor starts in its place, so a loop making sessions
// overlaps each start with the work of the session before.
import { LispWorker, type WorkerOptions } from './worker.js';

/** Where a session gets its workers: a fresh one each time, or from a pool. */
export interface WorkerSource {
  take(): Promise<LispWorker>;
}

export const freshWorkers = (options: WorkerOptions): WorkerSource => ({ take: () => LispWorker.start(options) });

export class WorkerPool implements WorkerSource {
  private spares: Promise<LispWorker>[] = [];
  private closed = false;

  constructor(
    private readonly options: WorkerOptions,
    /** Workers kept started and waiting. */
    readonly size = 2,
  ) {}

  /** A started worker: a spare when one waits, else one started now. */
  async take(): Promise<LispWorker> {
    if (this.closed) throw new Error('the worker pool is closed');
    const spare = this.spares.shift();
    this.fill();
    const worker = spare ? await spare.catch(() => undefined) : undefined;
    // A spare that failed to start or died while it waited is never handed out.
    return worker?.alive ? worker : LispWorker.start(this.options);
  }

  private fill(): void {
    while (this.spares.length < this.size) {
      const starting = LispWorker.start(this.options);
      starting.catch(() => undefined); // reported to the session that takes it, by starting again
      this.spares.push(starting);
    }
  }

  /** Stops the spares; workers already taken belong to their sessions. */
  async close(): Promise<void> {
    this.closed = true;
    const spares = this.spares;
    this.spares = [];
    await Promise.all(spares.map((spare) => spare.then((worker) => worker.stop(), () => undefined)));
  }
}
