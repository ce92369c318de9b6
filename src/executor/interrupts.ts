// SIGINT, SIGTERM and SIGHUP during a run (or `spec-run exec`): the first one stops what runs (drivers,
// runtime servers, host commands, containers, each with its stop discipline), after
// which the summary of what ran is printed, marked interrupted, and spec-run exits
// 128 + the signal's number. A second signal does not wait for that: it exits at once
// (children started with parent death set die with spec-run); the same signal again within
// a moment is the first one delivered twice (to the process and to its group).
import { constants } from 'node:os';
import { watchPackageManager } from '../process/package-manager-watch.js';

export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** What spec-run exits with once SIGNAL interrupted it: 128 + its number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP). */
export function interruptedStatus(signal: InterruptSignal): number {
  return 128 + constants.signals[signal];
}

/** The interrupt signal an abort's REASON names, if it names one (the CLI aborts with the signal's name). */
export function interruptSignalOf(reason: unknown): InterruptSignal | undefined {
  return INTERRUPT_SIGNALS.find((name) => name === reason);
}

/** A second signal of the same name this soon after the first is the same signal, delivered twice. */
const SAME_SIGNAL_MS = 150;

export class Interrupts {
  private readonly controller = new AbortController();
  private readonly listeners = new Map<InterruptSignal, () => void>();
  private first?: InterruptSignal;
  private firstAt = 0;
  /** Stops watching the package manager that started spec-run, if one did. */
  private readonly unwatch: () => void;

  /** Aborted on the first signal, with the signal's name as its reason. */
  readonly signal = this.controller.signal;

  /** `early`: a signal received before, while spec-run started; it counts as the first. */
  constructor(early?: InterruptSignal) {
    for (const name of INTERRUPT_SIGNALS) {
      const listener = () => this.receive(name);
      this.listeners.set(name, listener);
      process.on(name, listener);
    }
    // The end of a package manager that started spec-run is taken as SIGHUP, a SIGINT its
    // shell holds as SIGINT (src/process/package-manager-watch.ts).
    this.unwatch = watchPackageManager({
      gone: (why) => this.receive('SIGHUP', why),
      interrupted: (why) => this.receive('SIGINT', why),
    });
    if (early) this.receive(early);
  }

  /** A signal received before these listeners were in place (held while spec-run started): it counts as the first. */
  adopt(early: InterruptSignal | undefined): void {
    if (early && !this.first) this.receive(early);
  }

  get received(): InterruptSignal | undefined {
    return this.first;
  }

  /** The exit status of the first signal received. */
  get exitStatus(): number | undefined {
    return this.first ? interruptedStatus(this.first) : undefined;
  }

  private receive(name: InterruptSignal, why: string = name): void {
    // One signal sent twice at once is one: `timeout` and other supervisors signal the process and then its group.
    if (this.first === name && performance.now() - this.firstAt < SAME_SIGNAL_MS) return;
    if (this.first) {
      say(`spec-run: ${name} again: exiting without waiting for the stops`);
      process.exit(this.exitStatus);
    }
    this.first = name;
    // A wrapper's shell that wakes now is this signal's group delivery, no second signal.
    this.unwatch();
    this.firstAt = performance.now();
    say(`spec-run: ${why}: stopping what runs`);
    this.controller.abort(name);
  }

  /** Gives the signals back their default action. */
  dispose(): void {
    this.unwatch();
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
