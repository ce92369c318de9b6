// A runtime session: the limits one client has set, and the Lisp worker that
// evaluates its code. Evaluations run one at a time, in arrival order. When a
// worker cannot be stopped in place or dies, the session ends it, starts a fresh
// one and says in the outcome that the Lisp state was lost.
import { defaultLisp } from '../lisp-image/core-image.js';
import { restartNote } from './format.js';
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
  /**
   * The fd of the client's stdout, with the default workers: each worker gets it and answers
   * evaluations given a replyId there itself (see LispWorker), and lines the server writes
   * meanwhile go through it (relay).
   */
  replyFd?: number;
  /**
   * With replyFd: true while lines this process wrote there still wait in its buffers (a client
   * that reads slowly). The worker's answer would land among their bytes: Node answers then.
   */
  replyBacklog?: () => boolean;
  /** With replyFd, the client's stdin (0): workers may be leased its reading (see StdinLease). */
  clientFd?: number;
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
/** How long a worker that does not answer is waited for, past an evaluation's timeout, before it is ended. */
export function backstopMs(timeoutMs: number): number {
  return timeoutMs + INTERRUPT_GRACE_MS + BACKSTOP_MARGIN_MS;
}
/** How long a worker being replaced gets to finish writing its answer to the client. */
const REPLY_WRITE_BOUND_MS = 1000;
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
  /** The answer's text ends with the "; Timing:" line (evaluate-lisp's capture-time). */
  captureTime?: boolean;
  /**
   * The client's JSON-RPC id as JSON text: with a replyFd, the worker answers the client
   * itself and the outcome's answer says `replied`. The session's own answers (a worker that
   * died or stopped answering) stay the caller's to write.
   */
  replyId?: string;
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

type EvaluationInput = Pick<EvaluationRequest, 'code' | 'package' | 'prepareForTiming' | 'captureTime' | 'note' | 'replyId' | 'cancelled'>;

export class RuntimeSession {
  readonly limits: Limits = { ...DEFAULT_LIMITS };
  private readonly workers: WorkerSource;
  private readonly replyBacklog: () => boolean;
  private worker?: Promise<LispWorker>;
  /** The worker replaced last: one that ended mid-line leaves its line to end (see lineBreak). */
  private replaced: LispWorker[] = [];
  /** The worker that evaluates now, once started: what `relay` asks. */
  private current?: LispWorker;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private closed = false;

  constructor(options: SessionOptions = {}) {
    this.workers =
      options.workers ??
      freshWorkers({ lisp: options.sbcl ? { sbcl: options.sbcl } : defaultLisp(), dynamicSpaceMb: options.dynamicSpaceMb, replyFd: options.replyFd, clientFd: options.clientFd });
    this.replyBacklog = options.replyBacklog ?? (() => false);
  }

  /**
   * Writes `line` to the client through the worker when the worker may be writing there
   * itself (see LispWorker.relay); undefined when the caller may write it now. Resolves
   * false when the worker ended before writing it: the caller writes it then.
   */
  relay(line: string): Promise<boolean> | undefined {
    return this.current?.writesToClient ? this.current.relay(line) : undefined;
  }

  /** Workers that ended in the middle of a line to the client, whose line has been ended since. */
  private readonly lineEnded = new WeakSet<LispWorker>();

  /**
   * What to write before the next line the caller writes to the client itself: a newline
   * once after a worker ended in the middle of writing one (killed past its timeout, its heap
   * exhausted), so that the unfinished line ends there rather than swallow the next answer.
   */
  lineBreak(): string {
    const worker = [this.current, ...this.replaced].find((w) => w && !w.alive && w.endedMidReply && !this.lineEnded.has(w));
    if (!worker) return '';
    this.lineEnded.add(worker);
    return '\n';
  }

  /** Starts the worker now rather than at the first evaluation. */
  start(): Promise<LispWorker> {
    if (this.closed) return Promise.reject(new Error('the runtime session is closed'));
    if (!this.worker) {
      const starting = this.workers.take();
      // A failed start is reported to the evaluation that needs the worker, and retried after it.
      starting.then(
        (worker) => {
          if (this.worker === starting) this.current = worker;
        },
        () => {
          if (this.worker === starting) this.worker = undefined;
        },
      );
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

  /** Tasks queued or running (evaluations, changes of the limits). */
  private turns = 0;

  private inTurn<T>(task: () => T | Promise<T>): Promise<T> {
    this.turns++;
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    void this.queue.then(() => this.turns--);
    return run;
  }

  /**
   * The worker that may be leased the client's stdin now: nothing queued or running, the
   * current worker alive, owing the client nothing, its own lines written out.
   */
  leasableWorker(): LispWorker | undefined {
    if (this.closed || this.turns > 0 || this.replyBacklog() || this.endedWhileLeased) return undefined;
    const worker = this.current;
    return worker?.leasable ? worker : undefined;
  }

  /** The id the next evaluation gets: a lease numbers the worker's own evaluations from it. */
  get nextEvaluationId(): number {
    return this.nextId;
  }

  /** After a lease: the worker numbered evaluations up to `nextId`. */
  advanceEvaluationIds(nextId: number): void {
    this.nextId = Math.max(this.nextId, nextId);
  }

  /**
   * An evaluation the worker took up under a lease and Node now tracks (it ran long, it must be
   * answered for a worker that ended): settles as one Node sent would, under the limits now.
   */
  adopt(worker: LispWorker, job: { id: number; answer: Promise<WorkerAnswer> }, signal?: CancelSignal): Promise<Outcome> {
    return this.inTurn(async () => {
      const limits = { ...this.limits };
      const timeoutMs = limits.timeoutSeconds > 0 ? limits.timeoutSeconds * 1000 : undefined;
      const request: EvaluationRequest = { id: job.id, code: '', timeoutMs, maxOutput: limits.maxOutput };
      const result = await this.settle(worker, request, job.answer, signal);
      return { ...result, limits };
    });
  }

  /**
   * Why the worker that held the stdin lease was ended (it stopped answering; see StdinLease),
   * until an answer says so. It had no job Node took over (one it had is answered when adopted,
   * and the next evaluation finds the worker ended, its exit saying why), so the next one runs
   * in the fresh worker, its answer noting that state was lost; until then no worker is leased
   * stdin, or a fresh one would answer without the note.
   */
  private endedWhileLeased?: string;

  /** `worker`, which held the stdin lease, stopped answering and was ended; a fresh one starts. */
  workerUnresponsive(worker: LispWorker): void {
    const exit = worker.exit;
    if (this.current !== worker || !exit) return;
    this.endedWhileLeased = describeExit(exit);
    this.worker = undefined;
    this.replaced = [worker];
    this.current = undefined;
    if (!this.closed) this.start().catch(() => undefined);
  }

  private async runEvaluation(code: string, packageName: string | undefined, options: EvaluateOptions): Promise<Outcome> {
    if (this.closed) throw new Error('the runtime session is closed');
    let worker = await this.start();
    let restartedBefore = this.endedWhileLeased;
    this.endedWhileLeased = undefined;
    if (!worker.alive) {
      // Something the previous evaluation left behind ended the process after it answered.
      restartedBefore = describeExit(await worker.exited);
      this.worker = undefined;
      worker = await this.start();
    }
    const limits = { ...this.limits };
    const cancelled = options.signal?.aborted;
    // A measurement does not share the machine with a worker this source is starting.
    if (options.prepareForTiming && !cancelled) await this.workers.quiet?.();
    const note = restartedBefore ? restartNote(restartedBefore) : undefined;
    const input: EvaluationInput = { code, package: packageName, prepareForTiming: options.prepareForTiming, captureTime: options.captureTime, note, replyId: options.replyId, cancelled };
    // One cancelled while it waited is answered by the worker too (the answer's text is made there), unevaluated.
    const result = await this.evaluateOn(worker, input, limits, cancelled ? undefined : options.signal);
    return restartedBefore ? { ...result, limits, restartedBefore } : { ...result, limits };
  }

  private async evaluateOn(worker: LispWorker, request: EvaluationInput, limits: Limits, signal?: CancelSignal): Promise<EvaluationResult> {
    const timeoutMs = limits.timeoutSeconds > 0 ? limits.timeoutSeconds * 1000 : undefined;
    const id = this.nextId++;
    const replyId = this.replyBacklog() ? undefined : request.replyId;
    const sent: EvaluationRequest = { ...request, replyId, id, timeoutMs, graceMs: timeoutMs === undefined ? undefined : INTERRUPT_GRACE_MS, maxOutput: limits.maxOutput };
    return this.settle(worker, sent, undefined, signal);
  }

  /** The outcome of `request`, sent now, or already under way (`started`: an adopted one). */
  private async settle(worker: LispWorker, sent: EvaluationRequest, started: Promise<WorkerAnswer> | undefined, signal?: CancelSignal): Promise<EvaluationResult> {
    try {
      const first = await answerOrSilence(worker, sent, signal, started);
      if (first === 'unresponsive' || first === 'uncancellable') {
        await this.replaceWorker(worker);
        const after = first === 'unresponsive' ? 'the timeout' : 'a cancellation';
        return { kind: 'lost', reason: 'unresponsive', detail: `the Lisp process stopped answering after ${after}` };
      }
      if (first.status === 'stuck') {
        await this.replaceWorker(worker, true);
        return { kind: 'lost', reason: 'stuck', answer: first, detail: 'the evaluation did not stop when interrupted' };
      }
      if (first.threadsUnstoppable?.length) {
        await this.replaceWorker(worker, true);
        return { kind: 'lost', reason: 'threads', answer: first, detail: `threads that would not stop: ${first.threadsUnstoppable.join(', ')}` };
      }
      return { kind: 'answer', answer: first };
    } catch (error) {
      if (!(error instanceof WorkerExit)) throw error;
      await this.replaceWorker(worker);
      return { kind: 'lost', reason: 'exited', detail: describeExit(error) };
    }
  }

  /**
   * Ends `worker` and starts its successor in the background. With `answering`, the worker
   * still answers (stuck, threads it could not stop) and first gets to finish writing to the
   * client, within a bound: a client that does not read must not hold the session.
   */
  private async replaceWorker(worker: LispWorker, answering = false): Promise<void> {
    this.worker = undefined;
    this.replaced = [worker];
    if (answering) {
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([worker.writesDone(), new Promise((resolve) => (bound = setTimeout(resolve, REPLY_WRITE_BOUND_MS)))]);
      clearTimeout(bound);
    }
    if (this.current === worker) this.current = undefined;
    await worker.stop(100);
    if (!this.closed) this.start().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.current = undefined;
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
function answerOrSilence(worker: LispWorker, request: EvaluationRequest, signal?: CancelSignal, started?: Promise<WorkerAnswer>): Promise<WorkerAnswer | 'unresponsive' | 'uncancellable'> {
  return new Promise((resolve, reject) => {
    let backstop: NodeJS.Timeout | undefined;
    let cancelBackstop: NodeJS.Timeout | undefined;
    const owedWaits: NodeJS.Timeout[] = [];
    let settled = false;
    // A backstop counts from when the worker has written what it owes the client (the answers
    // before this one, lines relayed): until then it may wait on a client that does not read,
    // this request not even begun, and ending it would lose those answers and the session.
    // Waited for no longer than the backstop itself: a worker that never writes them (stopped,
    // frozen) is still ended.
    const onceWritten = (ms: number, arm: () => void) => {
      if (!worker.owesClient) return arm();
      let armed = false;
      const armOnce = () => {
        if (armed || settled) return;
        armed = true;
        clearTimeout(wait);
        arm();
      };
      const wait = setTimeout(armOnce, ms);
      owedWaits.push(wait);
      void worker.writesDone().then(armOnce);
    };
    const onAbort = () => {
      worker.cancel(request.id);
      const ms = 2 * INTERRUPT_GRACE_MS + BACKSTOP_MARGIN_MS;
      onceWritten(ms, () => (cancelBackstop = setTimeout(() => worker.answerUnderWay() || settle(() => resolve('uncancellable')), ms)));
    };
    const settle = (finish: () => void) => {
      settled = true;
      clearTimeout(backstop);
      clearTimeout(cancelBackstop);
      for (const wait of owedWaits) clearTimeout(wait);
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    (started ?? worker.evaluate(request)).then(
      (answer) => settle(() => resolve(answer)),
      (error: unknown) => settle(() => reject(error)),
    );
    const backstopAfter = request.timeoutMs === undefined ? undefined : backstopMs(request.timeoutMs);
    // Expired while the worker writes the answer to a client that does not read, it ends nothing:
    // the request is answered, and the next one's backstop waits for that write (onceWritten).
    if (backstopAfter !== undefined && backstopAfter <= MAX_TIMER_MS)
      onceWritten(backstopAfter, () => (backstop = setTimeout(() => worker.answerUnderWay() || settle(() => resolve('unresponsive')), backstopAfter)));
    // A cancellation gets the grace and margin a timeout gets before its worker is ended.
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** SBCL's own words for why it died (a heap exhausted past its last reserve, a fatal error): they say more than the backtrace after them. */
const FATAL_LINE = /^(Heap exhausted|fatal error|GC invariant lost|Unhandled memory fault|Control stack exhausted)/i;

function describeExit(exit: WorkerExit): string {
  if (exit.endedBecause) return exit.endedBecause;
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
