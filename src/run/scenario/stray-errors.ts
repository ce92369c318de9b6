// Errors a scenario's code throws outside the promise its step returned: a throw in a
// timer or event handler, a rejection nobody awaits. Node would end spec-run on them,
// losing the whole report. While scenarios run, such an error is traced to the scenario
// whose code scheduled it (the async context survives timers and promises) and fails
// the step or hook running then, as cucumber-js does; one arriving between steps fails
// the next, one arriving after the scenario ended goes to the late errors of its document
// (late-errors.ts), which a report counts; so do the timers and other work its code leaves
// pending (user-timers.ts, user-work.ts).
// An error of user code outside any scenario (a timer or process listener a steps file's top
// level set up, refused its process.exit) fails a point of its own among the run's late errors:
// the run goes on to its summary. An error of no user code ends the process as Node would
// have: its stack on stderr, exit 1. The handlers stay once installed, since a scenario's
// timer may fire after every scenario ended.
import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { asUserCode, reportListenerErrorsTo, userCodeRunning } from './exit-guard.js';
import { trackTimers, type TimerOwner } from './user-timers.js';
import { trackWork } from './user-work.js';
import { setImmediate } from '../../process/native-timers.js';
import { runLateErrors, type LateErrors } from '../late-errors.js';
import { shownPath } from './library.js';

const context = new AsyncLocalStorage<StrayErrors>();
/**
 * The unit (and step) whose user code runs now: set only around the calls of the user's own
 * functions (asUnitCode: a step's or hook's function, a parameter type's transformer), and
 * carried by Node into the timers, callbacks and promises they start. The timers and work
 * noted as a unit's are those alone, by construction: what spec-run's own code does while a
 * scenario runs (a built-in step, a module it loads lazily and the pipe that makes) is not.
 */
const unitCode = new AsyncLocalStorage<TimerOwner | undefined>();
let installed = false;

/** Runs FN, user code of OWNER's (a step's or hook's function): the timers and work it starts are OWNER's. */
export function asUnitCode<T>(owner: TimerOwner, fn: () => T): T {
  return unitCode.run(owner, fn);
}

/**
 * Runs FN, spec-run's own code that user code calls (world.run()), with its timers left out
 * of the ones a document's end waits for: the executor's grace and kill timers would each
 * hold a document up to the settling limit, though no user code started them.
 */
export function asOwnCode<T>(fn: () => T): T {
  return unitCode.run(undefined, fn);
}

function onStray(error: unknown): void {
  const strays = context.getStore();
  // The unit code whose async context the error was thrown in: the step that started the timer or promise, if it was one.
  if (strays) return strays.report(error, unitCode.getStore());
  const userCode = userCodeRunning();
  if (userCode) return runLateErrors.add({ origin: userCode.label, ...placeOf(error, userCode.file), diagnostics: { message: messageOf(error) } });
  // Thrown again from this handler, it would end the process with code 7, not Node's usual 1.
  process.stderr.write(`${describeError(error)}\n`);
  process.exit(1);
}

/** spec-run's own code: its frames are no place of the user's. */
const OWN_CODE = fileURLToPath(new URL('../../../', import.meta.url));

/** Where ERROR was thrown in the user's code (its first frame outside spec-run and Node), else FILE's first line. */
function placeOf(error: unknown, file: string): { file: string; line: number } {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const [, where, line] of stack.matchAll(/(?:\(|at )((?:file:\/\/)?\/[^()\s]+?):(\d+):\d+\)?$/gm)) {
    const path = where.startsWith('file:') ? fileURLToPath(where) : where;
    if (!path.startsWith(OWN_CODE) && !/[\\/]spec-run[\\/]dist[\\/]/.test(path)) return { file: shownPath(path), line: Number(line) };
  }
  return { file: shownPath(file), line: 1 };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : describeError(error));

const describeError = (error: unknown) => {
  try {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  } catch {
    return `a thrown ${typeof error} that cannot be read`;
  }
};

let handling = false;

/**
 * From now on, errors of user code outside the promise a step returned are traced (see the
 * top of this file): before the first steps file loads, since its top level may leave a timer
 * or listener behind.
 */
export function traceStrayErrors(): void {
  if (handling) return;
  handling = true;
  process.on('uncaughtException', onStray);
  process.on('unhandledRejection', onStray);
  reportListenerErrorsTo(onStray);
}

export class StrayErrors {
  #waiting: ((error: unknown) => void) | null = null;
  #unclaimed: unknown[] = [];
  #ended = false;
  #failEndedStep: ((error: unknown, line: number) => boolean) | null = null;

  /** How an error of a step that has ended (its point made) fails that step: FAIL says whether it took it. */
  failEndedStepBy(fail: (error: unknown, line: number) => boolean): void {
    this.#failEndedStep = fail;
  }

  /**
   * ORIGIN: the scenario or hook as reports name it, standing at AT; LATE: where its errors
   * go once it has ended, and its pending timers; DESCRIBE: a thrown value as a failing point's diagnostics.
   */
  constructor(
    readonly origin: string,
    readonly at: { file: string; line: number; requirements?: string[] },
    readonly late: LateErrors,
    private readonly describe: (error: unknown) => Record<string, unknown>,
  ) {}

  /**
   * ERROR, thrown where the code of OWNER (a step's, when it names one) ran: it fails that
   * step if it has ended (failEndedStepBy), else the step or hook running now.
   */
  report(error: unknown, owner?: TimerOwner): void {
    const step = owner?.by !== undefined ? owner.at.line : undefined;
    // After the scenario, at the step whose code threw, naming it: its pass was reported.
    if (this.#ended) this.late.add({ origin: this.origin, ...this.at, ...(step !== undefined ? { line: step } : {}), diagnostics: { ...this.describe(error), ...(owner?.by ? { thrownBy: `code ${owner.by} started, after that step passed` } : {}) } });
    else if (step !== undefined && this.#failEndedStep?.(error, step)) return;
    else if (this.#waiting) this.#waiting(error);
    else this.#unclaimed.push(error);
  }

  /** WORK, or the first stray error reported before it settles (or before it started). */
  async during<T>(work: Promise<T>): Promise<T> {
    const earlier = this.#unclaimed.shift();
    if (earlier !== undefined) {
      work.catch(() => {});
      throw earlier;
    }
    try {
      return await new Promise<T>((resolve, reject) => {
        this.#waiting = reject;
        // Node reports a rejection nobody handled once the microtasks have run: wait that long for it
        // (with Node's own setImmediate: spec-run's turn, not a timer of the scenario's).
        work.then((value) => setImmediate(() => resolve(value)), reject);
      });
    } finally {
      this.#waiting = null;
    }
  }

  /** Runs the scenario, FN, with its code's stray errors traced to it; the errors no step or hook took, when it ends. */
  async around(fn: () => Promise<void>): Promise<unknown[]> {
    traceStrayErrors();
    // Once a scenario runs, not before: a module a steps file imports at load (node:http) keeps
    // the timer functions it found then, and its own housekeeping is no timer of the user's.
    if (!installed) {
      const ownerNow = () => unitCode.getStore();
      trackTimers(ownerNow);
      trackWork(ownerNow);
      installed = true;
    }
    await context.run(this, () => asUserCode(`the code of ${this.origin}`, this.at.file, fn));
    // What its last moments left (a rejection, a timer due now) still belongs to it.
    await this.late.settleBriefly();
    const unclaimed = this.#unclaimed;
    this.#unclaimed = [];
    return unclaimed;
  }

  /** The scenario as the owner of what its step STEP ("WHEN it runs"), at LINE of its file, starts: reports name the step. */
  stepOwner(step: string, line: number): TimerOwner {
    return { late: this.late, origin: this.origin, at: { ...this.at, line }, by: `its step '${step}' (${this.at.file}:${line})` };
  }

  /** After this, errors of the scenario are late errors. */
  end(): void {
    this.#ended = true;
  }
}
