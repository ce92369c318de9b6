// A runtime session: the limits one client has set, and the Lisp worker that
// evaluates its code. Evaluations run one at a time, in arrival order. When a
// worker cannot be stopped in place or dies, the session ends it, starts a fresh
// one and says in the outcome that the Lisp state was lost.
import { defaultLisp } from '../lisp-image/core-image.js';
import { LispWorker, WorkerExit, type EvaluationRequest, type WorkerAnswer } from './worker.js';
import { freshWorkers, type WorkerSource } from './worker-pool.js';

export interface Limits {
  /** Seconds; 0 means no timeout. */
  timeoutSeconds: number;
  /** Characters of captured text kept. */
  maxOutput: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = { timeoutSeconds: 30, maxOutput: 100000 };

export interface SessionOptions {
  /** The sbcl executable; defaults to $SPEC_RUN_SBCL or `sbcl`. */
  sbcl?: string;
  /** Worker heap size in megabytes (default 2048). */
  dynamicSpaceMb?: number;
  /** Where workers come from (a pool shared by sessions); default: each started when needed, from `sbcl`. */
  workers?: WorkerSource;
}

/**
 * How long a timed-out evaluation gets to unwind once the worker interrupts it;
 * past that the worker answers "stuck" and the session replaces it. Sent with
 * each request, so the worker and the backstop below share this one figure.
 */
export const INTERRUPT_GRACE_MS = 300;
/**
 * How long past the timeout and the grace the session waits for the worker's
 * answer before ending the process: only a wedged process (a thread blocking
 * garbage collection, say) gets there.
 */
const BACKSTOP_MARGIN_MS = 600;
/** setTimeout's largest delay; a longer timeout simply has no backstop. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What became of one evaluation. */
export type EvaluationResult =
  /** The worker answered (ok, error, or a timeout it recovered from). */
  | { kind: 'answer'; answer: WorkerAnswer }
  /** The worker was ended or died; `answer` holds what it reported before, if anything. */
  | { kind: 'lost'; reason: LossReason; answer?: WorkerAnswer; detail: string };

export type Outcome = EvaluationResult & {
  /** The limits the evaluation ran under. */
  limits: Limits;
  /** Set when the worker had died since the previous evaluation, so this one ran in a fresh process. */
  restartedBefore?: string;
};

export type LossReason =
  /** Timed out and would not unwind (blocked interrupts, endless cleanup). */
  | 'stuck'
  /** Timed out and the whole process stopped answering. */
  | 'unresponsive'
  /** The process ended on its own (exit from foreign code, fatal runtime error). */
  | 'exited'
  /** Threads the evaluation left running could not be stopped. */
  | 'threads';

export interface EvaluateOptions {
  /** Before the clock starts, collect earlier garbage and warm the compiler (time-execution does). */
  prepareForTiming?: boolean;
  /**
   * Cancels the evaluation (an MCP client's notifications/cancelled): it is interrupted as
   * a timeout interrupts it and answers status "cancelled", the session state kept; one
   * still waiting its turn is not evaluated at all. One that will not unwind ends its
   * worker, as a stuck timeout does.
   */
  signal?: CancelSignal;
}

/**
 * What an evaluation needs of an AbortSignal, which will do. The server passes its own
 * Cancellation: an AbortController and its listener cost about a tenth of a round trip.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A CancelSignal without EventTarget's machinery: abort() calls each listener once. */
export class Cancellation implements CancelSignal {
  aborted = false;
  private listeners: (() => void)[] = [];

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.listeners = this.listeners.filter((other) => other !== listener);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

type EvaluationInput = { code: string; package?: string; prepareForTiming?: boolean };

export class RuntimeSession {
  readonly limits: Limits = { ...DEFAULT_LIMITS };
  private readonly workers: WorkerSource;
  private worker?: Promise<LispWorker>;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private closed = false;

  constructor(options: SessionOptions = {}) {
    this.workers =
      options.workers ?? freshWorkers({ lisp: options.sbcl ? { sbcl: options.sbcl } : defaultLisp(), dynamicSpaceMb: options.dynamicSpaceMb });
  }

  /** Starts the worker now rather than at the first evaluation. */
  start(): Promise<LispWorker> {
    if (this.closed) return Promise.reject(new Error('the runtime session is closed'));
    if (!this.worker) {
      const starting = this.workers.take();
      // A failed start is reported to the evaluation that needs the worker, and retried after it.
      starting.catch(() => {
        if (this.worker === starting) this.worker = undefined;
      });
      this.worker = starting;
    }
    return this.worker;
  }

  /** The current worker's process id, once started (for diagnostics and tests). */
  async workerPid(): Promise<number> {
    return (await this.start()).pid;
  }

  /** Evaluates `code` under the session's limits. Calls queue behind each other. */
  evaluate(code: string, packageName?: string, options: EvaluateOptions = {}): Promise<Outcome> {
    return this.inTurn(() => this.runEvaluation(code, packageName, options));
  }

  /**
   * Changes the limits once the evaluations asked for before have run, so a
   * client that pipelines requests sees them take effect in the order sent.
   */
  configure(change: (limits: Limits) => Limits): Promise<Limits> {
    return this.inTurn(() => Object.assign(this.limits, change({ ...this.limits })));
  }

  private inTurn<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runEvaluation(code: string, packageName: string | undefined, options: EvaluateOptions): Promise<Outcome> {
    if (this.closed) throw new Error('the runtime session is closed');
    let worker = await this.start();
    let restartedBefore: string | undefined;
    if (!worker.alive) {
      // Something the previous evaluation left behind ended the process after it answered.
      restartedBefore = describeExit(await worker.exited);
      this.worker = undefined;
      worker = await this.start();
    }
    const limits = { ...this.limits };
    if (options.signal?.aborted) return { kind: 'answer', answer: cancelledBeforeStart(), limits };
    // A measurement does not share the machine with a worker this source is starting.
    if (options.prepareForTiming) await this.workers.quiet?.();
    const result = await this.evaluateOn(worker, { code, package: packageName, prepareForTiming: options.prepareForTiming }, limits, options.signal);
    return restartedBefore ? { ...result, limits, restartedBefore } : { ...result, limits };
  }

  private async evaluateOn(worker: LispWorker, request: EvaluationInput, limits: Limits, signal?: CancelSignal): Promise<EvaluationResult> {
    const timeoutMs = limits.timeoutSeconds > 0 ? limits.timeoutSeconds * 1000 : undefined;
    const id = this.nextId++;
    const sent: EvaluationRequest = {
      id,
      code: request.code,
      package: request.package,
      timeoutMs,
      graceMs: timeoutMs === undefined ? undefined : INTERRUPT_GRACE_MS,
      maxOutput: limits.maxOutput,
      prepareForTiming: request.prepareForTiming,
    };
    try {
      const first = await answerOrSilence(worker, sent, signal);
      if (first === 'unresponsive' || first === 'uncancellable') {
        await this.replaceWorker(worker);
        const after = first === 'unresponsive' ? 'the timeout' : 'a cancellation';
        return { kind: 'lost', reason: 'unresponsive', detail: `the Lisp process stopped answering after ${after}` };
      }
      if (first.status === 'stuck') {
        await this.replaceWorker(worker);
        return { kind: 'lost', reason: 'stuck', answer: first, detail: 'the evaluation did not stop when interrupted' };
      }
      if (first.threadsUnstoppable?.length) {
        await this.replaceWorker(worker);
        return { kind: 'lost', reason: 'threads', answer: first, detail: `threads that would not stop: ${first.threadsUnstoppable.join(', ')}` };
      }
      return { kind: 'answer', answer: first };
    } catch (error) {
      if (!(error instanceof WorkerExit)) throw error;
      await this.replaceWorker(worker);
      return { kind: 'lost', reason: 'exited', detail: describeExit(error) };
    }
  }

  /** Ends `worker` and starts its successor in the background. */
  private async replaceWorker(worker: LispWorker): Promise<void> {
    this.worker = undefined;
    await worker.stop(100);
    if (!this.closed) this.start().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    try {
      await (await worker).stop();
    } catch {
      // A worker that never started has nothing to stop.
    }
  }
}

/**
 * The worker's answer to `request`, or 'unresponsive' when none came within the timeout,
 * the grace and a margin (the backstop), or 'uncancellable' when none came within the
 * grace and margin a cancellation gets. One promise and its callbacks, not a race of three:
 * this runs on every call.
 */
function answerOrSilence(worker: LispWorker, request: EvaluationRequest, signal?: CancelSignal): Promise<WorkerAnswer | 'unresponsive' | 'uncancellable'> {
  return new Promise((resolve, reject) => {
    let backstop: NodeJS.Timeout | undefined;
    let cancelBackstop: NodeJS.Timeout | undefined;
    const onAbort = () => {
      worker.cancel(request.id);
      cancelBackstop = setTimeout(() => settle(() => resolve('uncancellable')), 2 * INTERRUPT_GRACE_MS + BACKSTOP_MARGIN_MS);
    };
    const settle = (finish: () => void) => {
      clearTimeout(backstop);
      clearTimeout(cancelBackstop);
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    worker.evaluate(request).then(
      (answer) => settle(() => resolve(answer)),
      (error: unknown) => settle(() => reject(error)),
    );
    const backstopMs = request.timeoutMs === undefined ? undefined : request.timeoutMs + INTERRUPT_GRACE_MS + BACKSTOP_MARGIN_MS;
    if (backstopMs !== undefined && backstopMs <= MAX_TIMER_MS) backstop = setTimeout(() => settle(() => resolve('unresponsive')), backstopMs);
    // A cancellation gets the grace and margin a timeout gets before its worker is ended.
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The answer of an evaluation cancelled while it waited its turn: nothing ran. */
function cancelledBeforeStart(): WorkerAnswer {
  return { id: 0, status: 'cancelled', stdout: '', stdoutDropped: 0, stderr: '', stderrDropped: 0, warnings: [], warningsDropped: 0, package: '' };
}

/** SBCL's own words for why it died (a heap exhausted past its last reserve, a fatal error): they say more than the backtrace after them. */
const FATAL_LINE = /^(Heap exhausted|fatal error|GC invariant lost|Unhandled memory fault|Control stack exhausted)/i;

function describeExit(exit: WorkerExit): string {
  const how = exit.signal ? `was ended by signal ${exit.signal}` : `exited with code ${exit.code}`;
  const lines = exit.outputTail
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('INFO:'));
  // "fatal error encountered in SBCL pid 1:" is followed by what it was ("Heap exhausted, game over.").
  const at = lines.findIndex((line) => FATAL_LINE.test(line));
  const fatal = at < 0 ? undefined : /^fatal error/i.test(lines[at]) && lines[at + 1] ? lines[at + 1] : lines[at];
  const lastLines = lines.slice(-2).join(' / ');
  const cause = fatal ? `: ${fatal.slice(0, 200)}` : '';
  return lastLines ? `the Lisp process ${how}${cause}; its last output: ${lastLines.slice(0, 300)}` : `the Lisp process ${how}${cause}`;
}
