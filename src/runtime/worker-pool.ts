// Workers started ahead of need, for servers that open many sessions in one
// process: a session takes a worker that is already up (a start costs tens of
// milliseconds) and a successor starts in its place, so a loop making sessions
// overlaps each start with the work of the session before.
import { Spares } from '../process/spares.js';
import { LispWorker, type WorkerOptions } from './worker.js';

/** Where a session gets its workers: a fresh one each time, or from a pool. */
export interface WorkerSource {
  take(): Promise<LispWorker>;
  /**
   * Settles when no worker of this source is starting. A start (an SBCL process
   * mapping its core) takes a core for tens of milliseconds: a measurement waits it out.
   */
  quiet?(): Promise<void>;
}

export const freshWorkers = (options: WorkerOptions): WorkerSource => ({ take: () => LispWorker.start(options) });

export class WorkerPool implements WorkerSource {
  private readonly spares: Spares<LispWorker>;
  private closed = false;

  constructor(
    options: WorkerOptions,
    /** Workers kept started and waiting. */
    readonly size = 2,
  ) {
    this.spares = new Spares({ start: () => LispWorker.start(options), usable: (worker) => worker.alive, stop: (worker) => worker.stop() });
  }

  /** A started worker: a spare when one waits, else one started now; a successor starts in its place. */
  async take(): Promise<LispWorker> {
    if (this.closed) throw new Error('the worker pool is closed');
    const worker = this.spares.take();
    this.spares.fill(this.size);
    return worker;
  }

  quiet(): Promise<void> {
    return this.spares.started();
  }

  /** Stops the spares; workers already taken belong to their sessions. */
  close(): Promise<void> {
    this.closed = true;
    return this.spares.close();
  }
}
