// Errors a scenario's code throws outside the promise its step returned: a throw in a
// timer or event handler, a rejection nobody awaits. Node would end spec-run on them,
// losing the whole report. While scenarios run, such an error is traced to the scenario
// whose code scheduled it (the async context survives timers and promises) and fails
// the step or hook running then, as cucumber-js does; one arriving between steps fails
// the next, one arriving after the scenario ended is written to stderr with its name.
// An error of no scenario ends the process as Node would have: its stack on stderr, exit 1. The
// handlers stay once installed, since a scenario's timer may fire after every scenario ended.
import { AsyncLocalStorage } from 'node:async_hooks';
import { asUserCode } from './exit-guard.js';

const context = new AsyncLocalStorage<StrayErrors>();
let installed = false;

function onStray(error: unknown): void {
  const strays = context.getStore();
  if (strays) return strays.report(error);
  // Thrown again from this handler, it would end the process with code 7, not Node's usual 1.
  process.stderr.write(`${describeError(error)}\n`);
  process.exit(1);
}

const describeError = (error: unknown) => {
  try {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
  } catch {
    return `a thrown ${typeof error} that cannot be read`;
  }
};

export class StrayErrors {
  #waiting: ((error: unknown) => void) | null = null;
  #unclaimed: unknown[] = [];
  #ended = false;

  /** The scenario as stderr names it, for an error arriving after it ended. */
  constructor(private readonly scenario: string) {}

  report(error: unknown): void {
    if (this.#ended) process.stderr.write(`spec-run: ${this.scenario}: an error thrown after the scenario ended: ${describeError(error)}\n`);
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
        // Node reports a rejection nobody handled once the microtasks have run: wait that long for it.
        work.then((value) => setImmediate(() => resolve(value)), reject);
      });
    } finally {
      this.#waiting = null;
    }
  }

  /** Runs the scenario, FN, with its code's stray errors traced to it; the errors no step or hook took, when it ends. */
  async around(fn: () => Promise<void>): Promise<unknown[]> {
    if (!installed) {
      process.on('uncaughtException', onStray);
      process.on('unhandledRejection', onStray);
      installed = true;
    }
    await context.run(this, () => asUserCode(`the code of ${this.scenario}`, fn));
    const unclaimed = this.#unclaimed;
    this.#unclaimed = [];
    return unclaimed;
  }

  /** After this, errors of the scenario go to stderr. */
  end(): void {
    this.#ended = true;
  }
}
