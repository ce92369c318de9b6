// SIGINT, SIGTERM and SIGHUP during a run (or `spec-run exec`): the first one stops what runs (drivers,
// runtime servers, host commands, containers, each with its stop discipline), after
// which the summary of what ran is printed, marked interrupted, and spec-run exits
// 128 + the signal's number. A second signal does not wait for that: it exits at once
// (children started with parent death set die with spec-run); the same signal again within
// a moment is the first one delivered twice (to the process and to its group).
import { constants } from 'node:os';

export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** A second signal of the same name this soon after the first is the same signal, delivered twice. */
const SAME_SIGNAL_MS = 150;
/** How often a run started by a package manager looks whether the process that started it is still there. */
const PARENT_POLL_MS = 500;

/**
 * Whether a package manager's wrapper started this process (`npx`, `npm run`, `npm exec`,
 * pnpm, yarn: each sets npm_execpath or npm_lifecycle_event). Such a wrapper runs spec-run
 * through `sh -c` and passes a signal on to that shell alone, which ends without passing it
 * on: spec-run is left running with no one to report to, however long its commands take.
 */
export function startedByPackageManager(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.npm_execpath || env.npm_lifecycle_event);
}

export class Interrupts {
  private readonly controller = new AbortController();
  private readonly listeners = new Map<InterruptSignal, () => void>();
  private first?: InterruptSignal;
  private firstAt = 0;
  private parentWatch?: NodeJS.Timeout;

  /** Aborted on the first signal, with the signal's name as its reason. */
  readonly signal = this.controller.signal;

  /** `early`: a signal received before, while spec-run started; it counts as the first. */
  constructor(early?: InterruptSignal) {
    for (const name of INTERRUPT_SIGNALS) {
      const listener = () => this.receive(name);
      this.listeners.set(name, listener);
      process.on(name, listener);
    }
    if (early) this.receive(early);
    if (startedByPackageManager()) this.watchParent();
  }

  /** The process that started spec-run ending (it is given to init) is taken as a SIGHUP. */
  private watchParent(): void {
    const parent = process.ppid;
    this.parentWatch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(this.parentWatch);
      this.receive('SIGHUP', `the process that started spec-run (pid ${parent}) is gone, taken as SIGHUP`);
    }, PARENT_POLL_MS).unref();
  }

  /** A signal received before these listeners were in place (held while spec-run started): it counts as the first. */
  adopt(early: InterruptSignal | undefined): void {
    if (early && !this.first) this.receive(early);
  }

  get received(): InterruptSignal | undefined {
    return this.first;
  }

  /** 128 + the number of the first signal received (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP). */
  get exitStatus(): number | undefined {
    return this.first ? 128 + constants.signals[this.first] : undefined;
  }

  private receive(name: InterruptSignal, why: string = name): void {
    // One signal sent twice at once is one: `timeout` and other supervisors signal the process and then its group.
    if (this.first === name && performance.now() - this.firstAt < SAME_SIGNAL_MS) return;
    if (this.first) {
      say(`spec-run: ${name} again: exiting without waiting for the stops`);
      process.exit(this.exitStatus);
    }
    this.first = name;
    this.firstAt = performance.now();
    say(`spec-run: ${why}: stopping what runs`);
    this.controller.abort(name);
  }

  /** Gives the signals back their default action. */
  dispose(): void {
    clearInterval(this.parentWatch);
    for (const [name, listener] of this.listeners) process.off(name, listener);
    this.listeners.clear();
  }
}

/** A line on stderr that must not fail when the terminal is gone (SIGHUP). */
function say(text: string): void {
  try {
    process.stderr.write(`${text}\n`);
  } catch {
    // nowhere to say it
  }
}
