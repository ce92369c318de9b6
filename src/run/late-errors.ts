// Errors user code throws after the unit that started it has been reported (a timer, a
// rejection nobody awaits, found after its scenario ended). Such an error must still fail
// something a report counts: the document reports those of its units that arrive before
// it ends, the run those that arrive before its report ends, and an error after the report
// adds a failure to the exit status (see run-command.ts). Timers of user code still pending
// are waited for, up to SETTLE_LIMIT_MS from then: whatever they throw is reported in place.
// A run that ends spec-run then waits, up to LINGER_LIMIT_MS, for whatever else of user code
// still holds the process (a worker, a socket) before its report ends: that is what spec-run
// would otherwise give it after the report. The timers still pending are stopped before that
// wait, as the report says they are not checked: none runs on through it, holds it, or fails
// the run after a green report.
import type { Emit } from './types.js';
import type { RunEvent } from '../model/events.js';
import { clearTimeout, setTimeout, setImmediate } from '../process/native-timers.js';

/** A late error, as a failing point reports it: where the unit stands and what it was. */
export interface LateError {
  /** The unit whose code threw, as reports name it: `scenario "Name" (file:line)`. */
  origin: string;
  file: string;
  line: number;
  /** Ids of the requirements the unit verifies: its late error fails them too. */
  requirements?: string[];
  diagnostics: Record<string, unknown>;
}

/** A timer user code started that has not fired (or been cleared) yet; an interval, until cleared. */
export interface PendingTimer {
  /** When it fires (next). */
  dueAt: number;
  /** The unit whose code started it, as reports name it. */
  origin: string;
  /** Where that unit stands, and the requirements it verifies: what the timer would check is theirs. */
  at?: { file: string; line: number; requirements?: string[] };
  /** The step of the unit that started it, as reports name it: `its step 'WHEN it runs' (doc.md:5)`. */
  by?: string;
  /** The call that started it, as the user wrote it: `setInterval`, `node:timers/promises' setTimeout`. */
  call: string;
  /** Stops it unrun (cleared; a promise of it never settles): what it runs would come after the report. */
  stop?: () => void;
  /** Set for an interval's (each of its firings, for node:timers/promises' one): the settling waits for one firing of it. */
  interval?: IntervalWait;
}

/** Work user code started that has not ended (a child process, an HTTP request): what its callbacks would check waits on it. */
export interface PendingWork {
  /** The unit whose code started it, as reports name it. */
  origin: string;
  at?: PendingTimer['at'];
  by?: PendingTimer['by'];
  /** What it is, as a sentence names it: `a child process (sleep 20)`. */
  what: string;
  /** Whether it still holds the event loop, for work that does not say when it ends (a handle, a thread-pool job): asked when the run looks. */
  running?: () => boolean;
}

/** What the run did not wait for: a timer or work of user code, with the sentence that says so. */
export interface LeftPending {
  origin: string;
  at?: PendingTimer['at'];
  by?: PendingTimer['by'];
  /** Its kind, as a point's name says it: `a timer`, `a child process`. */
  kind: string;
  text: string;
}

/** What the settling knows of an interval: when the firing it waits for is due, once it has seen one due within its limit. */
export interface IntervalWait {
  waitedUntil?: number;
}

/** Whether a settling that waits until UNTIL waits for TIMER: an interval's first firing due by then only. */
function waitedFor(timer: PendingTimer, until: number): boolean {
  if (timer.dueAt > until) return false;
  if (!timer.interval) return true;
  timer.interval.waitedUntil ??= timer.dueAt;
  return timer.dueAt <= timer.interval.waitedUntil;
}

/** How long the end of a document or run waits for the timers user code left pending. */
export const SETTLE_LIMIT_MS = 2000;

/** How long a run that ends spec-run waits, once its timers are settled, for the rest of user code to let the process end. */
export const LINGER_LIMIT_MS = 1000;

/** One turn of the event loop: what a rejected promise nobody awaited throws is reported by then. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One turn of the event loop that also runs the timers due now (a timer's turn is a millisecond at least). */
const timersTurn = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

/**
 * Late errors, kept until a report takes them, and the timers user code left pending (by
 * when each is due): a collector per document, and the run's, which takes what arrives
 * once a document's collector is closed.
 */
export class LateErrors {
  #errors: LateError[] = [];
  #timers = new Map<number, PendingTimer>();
  /** The work user code started that has not ended yet (a child process whose output has not closed, a request unanswered), by id. */
  #work = new Map<number, PendingWork>();
  #next: ((error: LateError) => void) | null = null;
  /** The units whose late code failed: a timer they left is no check left besides, their failure counts already. */
  #failed = new Set<string>();
  /**
   * The errors a report has (taken, or handed on), by what they say and where: the same one
   * again is no new failure. A `beforeExit` listener runs each time the event loop empties,
   * during the run and again after its report: its refused process.exit was one failure.
   */
  #reported = new Set<string>();

  /** PARENT: the collector that takes the pending timers once this one is closed (the run's, for a document's). */
  constructor(private readonly parent: LateErrors | null = null) {}

  add(error: LateError): void {
    if (this.#reported.has(reportedAs(error))) return;
    this.#failed.add(error.origin);
    if (this.#next) this.#handOn(this.#next, error);
    else this.#errors.push(error);
  }

  /** Gives ERROR to NEXT, a report of it. */
  #handOn(next: (error: LateError) => void, error: LateError): void {
    this.#reported.add(reportedAs(error));
    next(error);
  }

  timerStarted(id: number, timer: PendingTimer): void {
    if (!this.#next) this.#timers.set(id, timer);
    else this.parent?.timerStarted(id, timer);
  }

  timerEnded(id: number): void {
    this.#timers.delete(id);
    this.parent?.timerEnded(id);
  }

  workStarted(id: number, work: PendingWork): void {
    if (!this.#next) this.#work.set(id, work);
    else this.parent?.workStarted(id, work);
  }

  workEnded(id: number): void {
    this.#work.delete(id);
    this.parent?.workEnded(id);
  }

  /**
   * One turn of the event loop, after which what user code's rejected promises and its
   * timers due now threw has been reported. The timers' turn only when such a timer is
   * pending: it costs a millisecond, paid at the end of every scenario.
   */
  settleBriefly(): Promise<void> {
    const now = Date.now();
    for (const timer of this.#timers.values()) if (timer.dueAt <= now + 1) return timersTurn();
    return nextTurn();
  }

  /**
   * The errors so far, once the pending timers due within SETTLE_LIMIT_MS have fired (an
   * interval once) and the work user code started (child processes, requests) has ended, or SETTLE_LIMIT_MS has passed.
   */
  async settle(): Promise<LateError[]> {
    const until = Date.now() + SETTLE_LIMIT_MS;
    for (;;) {
      await this.settleBriefly();
      const due = [...this.#timers.values()].flatMap((timer) => (waitedFor(timer, until) ? [timer.dueAt] : []));
      const running = Date.now() < until && this.#workRunning() > 0;
      if (due.length === 0 && !running) break;
      // The end of work is not due at a known time: looked at every 10 ms.
      const wait = Math.min(due.length ? Math.min(...due) - Date.now() : Infinity, running ? 10 : Infinity);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
    return this.take();
  }

  /** How much of the work user code started still runs: what no longer holds the event loop is forgotten. */
  #workRunning(): number {
    for (const [id, work] of this.#work) if (work.running && !work.running()) this.workEnded(id);
    return this.#work.size;
  }

  /** The errors so far, taken: a report has them. */
  take(): LateError[] {
    const taken = this.#errors.splice(0);
    for (const error of taken) this.#reported.add(reportedAs(error));
    return taken;
  }

  /** From now on, errors go to NEXT, and the pending timers to the parent. */
  close(next: (error: LateError) => void): void {
    this.#next = next;
    for (const [id, timer] of this.#timers) this.parent?.timerStarted(id, timer);
    this.#timers.clear();
    for (const [id, work] of this.#work) this.parent?.workStarted(id, work);
    this.#work.clear();
    if (this.parent) for (const origin of this.#failed) this.parent.#failed.add(origin);
    for (const error of this.#errors.splice(0)) this.#handOn(next, error);
  }

  /**
   * The timers still pending once the settling has stopped waiting (due later than it waits,
   * an interval, or a chain of timers still firing through it), each with a sentence saying
   * so: what they run is not checked. An unref'd one too: Node would not wait for it
   * either, but what it checks is no more checked for that. Not those of a unit whose late
   * code failed: counted failed, it is not counted skipped too.
   */
  leftPending(): LeftPending[] {
    const timers = [...this.#timers.values()].map((timer) => ({
      origin: timer.origin,
      at: timer.at,
      by: timer.by,
      kind: 'a timer',
      text: `${startedBy(timer)} left a timer due in ${Math.max(0, timer.dueAt - Date.now())} ms (${timer.call}) when the run stopped waiting (it waits up to ${SETTLE_LIMIT_MS} ms for the timers steps leave, for an interval's next firing only): it is stopped unrun, what it runs is not checked (clear it in an After hook, or await it in its step)`,
    }));
    // As a late timer: what a callback waiting on it would check did not run.
    this.#workRunning();
    const work = [...this.#work.values()].map((work) => ({
      origin: work.origin,
      at: work.at,
      by: work.by,
      kind: work.what.replace(/ \(.*$/, ''),
      text: `${startedBy(work)} left ${work.what} running when the run stopped waiting (it waits up to ${SETTLE_LIMIT_MS} ms for what steps leave): what its callbacks check is not checked (await it in its step, or end it in an After hook)`,
    }));
    return [...timers, ...work].filter((left) => !this.#failed.has(left.origin));
  }

  /** Stops the timers still pending: the report says what they run is not checked, and it must not fail the run after that report. */
  stopPending(): void {
    const left = [...this.#timers.values()];
    this.#timers.clear();
    for (const timer of left) timer.stop?.();
  }

  /** Keeps errors again (a run starts: what the last one left is this one's to report). */
  reopen(): void {
    this.#next = null;
    this.#failed.clear();
    this.#reported.clear();
  }
}

/** Who started what was left pending, as a sentence says it: the unit, and its step when a step did. */
const startedBy = ({ origin, by }: { origin: string; by?: string }) => (by ? `${origin}, ${by},` : origin);

/** What makes two late errors the same one: the unit, the place and what it says. */
function reportedAs(error: LateError): string {
  return JSON.stringify([error.origin, error.file, error.line, error.diagnostics.message ?? error.diagnostics]);
}

/**
 * Resolves once nothing holds the event loop any more (Node's 'beforeExit': the process
 * would end), after LIMIT_MS, or at INTERRUPT, whichever comes first.
 */
export function eventLoopIdle(limitMs: number, interrupt?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(limit);
      process.off('beforeExit', done);
      interrupt?.removeEventListener('abort', done);
      resolve();
    };
    // Unref'd: it must not itself hold the loop it waits to see idle.
    const limit = setTimeout(done, limitMs).unref();
    process.once('beforeExit', done);
    interrupt?.addEventListener('abort', done, { once: true });
    if (interrupt?.aborted) done();
  });
}

/** The run's collector: errors that arrive after their document ended. */
export const runLateErrors = new LateErrors();

/** Emits ERRORS as the failing points of a unit of their own in FILE's document. */
export function emitLateErrors(file: string, unitId: string, errors: LateError[], emit: Emit): void {
  if (errors.length === 0) return;
  const at = { file: errors[0].file, line: errors[0].line };
  const requirements = [...new Set(errors.flatMap((error) => error.requirements ?? []))];
  emit({ type: 'unit-start', file, unitId, name: 'errors thrown after their scenario ended', kind: 'problem', at, ...(requirements.length ? { requirements } : {}) });
  for (const error of errors) {
    emit({ type: 'point', file, unitId, ok: false, name: `${error.origin}: an error thrown after it ended`, at: { file: error.file, line: error.line }, diagnostics: error.diagnostics });
  }
  emit({ type: 'unit-end', file, unitId, durationMs: 0 });
}

/**
 * The timers and work left pending, each file's as a document of its own with a skipped point
 * each, in the requirements of the unit that started it: a check a callback would make did not
 * run, so they are untested, not verified. Those of no known place are a comment.
 */
export function pendingWorkEvents(left: LeftPending[]): RunEvent[] {
  const events: RunEvent[] = left.filter(({ at }) => at === undefined).map(({ text }) => ({ type: 'comment', text }));
  const placed = left.filter(({ at }) => at !== undefined);
  for (const file of new Set(placed.map(({ at }) => at!.file))) {
    const ofFile = placed.filter(({ at }) => at!.file === file);
    const unitId = `${file}#timers-left-pending`;
    const requirements = [...new Set(ofFile.flatMap(({ at }) => at!.requirements ?? []))];
    const at = { file, line: ofFile[0].at!.line };
    events.push({ type: 'document-start', file, name: 'timers and work left pending after their document ended' });
    events.push({ type: 'unit-start', file, unitId, name: 'timers and work the run did not wait for', kind: 'problem', at, ...(requirements.length ? { requirements } : {}) });
    for (const left of ofFile) {
      events.push({ type: 'point', file, unitId, ok: true, name: `${startedBy(left).replace(/,$/, '')}: ${left.kind} not waited for`, at: { file, line: left.at!.line }, skip: left.text });
    }
    events.push({ type: 'unit-end', file, unitId, durationMs: 0 });
    events.push({ type: 'document-end', file, durationMs: 0 });
  }
  return events;
}
