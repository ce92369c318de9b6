// SIGINT, SIGTERM and SIGHUP during a run (or `spec-run exec`): the first one stops what runs (drivers,
// runtime servers, host commands, containers, each with its stop discipline), after
// which the summary of what ran is printed, marked interrupted, and spec-run exits
// 128 + the signal's number. A second signal does not wait for that: it kills what runs
// (SIGKILL to a host command's group and what lies below it, a container removed) and exits
// once that is gone, within FORCED_EXIT_MS; a third exits at once. The same signal again
// within a moment is one delivered twice (to the process and to its group).
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

/** How long a second signal waits for what it killed to be gone before spec-run exits all the same. */
export const FORCED_EXIT_MS = 2000;

/**
 * What runs now, as a second signal kills it: each kill sends SIGKILL (or removes a container)
 * at once and settles when what it killed is gone. Process-wide, as signals are.
 */
const forcedKills = new Set<() => Promise<unknown>>();

/**
 * Registers KILL, to be run by a second signal before spec-run exits; returns its removal,
 * for once what it kills has ended by itself. Exiting without it left a host command's
 * process group to the kernel's parent-death signal, which reaches the group's leader alone
 * (a `sleep` under `sh -c` ran on), and a container to the watcher that removes it once
 * spec-run has gone: the shell prompt came back with the command still running.
 */
export function onForcedExit(kill: () => Promise<unknown>): () => void {
  forcedKills.add(kill);
  return () => forcedKills.delete(kill);
}

/** Runs every registered kill and settles once all are done, or after MS, whichever comes first: whether all were done. */
export async function forceKills(ms = FORCED_EXIT_MS): Promise<boolean> {
  const kills = [...forcedKills].map((kill) => Promise.resolve().then(kill).catch(() => undefined));
  if (kills.length === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([Promise.all(kills).then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export class Interrupts {
  private readonly controller = new AbortController();
  private readonly listeners = new Map<InterruptSignal, () => void>();
  private first?: InterruptSignal;
  /** The last signal received, and when: the same one again this soon is that one delivered twice. */
  private last?: InterruptSignal;
  private lastAt = 0;
  /** A second signal came: what runs is being killed, and spec-run exits once it is gone. */
  private forcing = false;
  /** A third signal ended it (process.exit called): the forced kills' end has nothing left to do. */
  private exited = false;
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
    if (this.last === name && performance.now() - this.lastAt < SAME_SIGNAL_MS) return;
    this.last = name;
    this.lastAt = performance.now();
    if (this.forcing) {
      say(`spec-run: ${name} once more: exiting now`);
      this.exited = true;
      process.exit(this.exitStatus);
      return;
    }
    if (this.first) {
      // Not the stops' grace periods, but not the moment either: what is killed is waited for,
      // briefly, so that no process of it is left when the shell's prompt comes back.
      this.forcing = true;
      say(`spec-run: ${name} again: exiting without waiting for the stops`);
      const status = this.exitStatus;
      // Nothing to kill: at once, as ever.
      if (forcedKills.size === 0) {
        process.exit(status);
        return;
      }
      void forceKills().then((done) => {
        // A third signal exited already.
        if (this.exited) return;
        if (!done) say(`spec-run: what was killed had not ended ${FORCED_EXIT_MS / 1000} s later: exiting all the same`);
        process.exit(status);
      });
      return;
    }
    this.first = name;
    // A wrapper's shell that wakes now is this signal's group delivery, no second signal.
    this.unwatch();
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
