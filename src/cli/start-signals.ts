// Signals that arrive while spec-run starts (its modules load, the documents are read),
// before a run listens for them. Without a listener Node would end the process at once,
// silently: no summary, no report. Held here, the first one is handed to the run, which
// then reports its documents as interrupted; any other command ends on it as it would have.
import { constants } from 'node:os';
import { INTERRUPT_SIGNALS, type InterruptSignal } from '../executor/interrupts.js';

let held: InterruptSignal | undefined;
let holding = false;
const hold = (name: InterruptSignal) => {
  held ??= name;
};
const listeners = new Map(INTERRUPT_SIGNALS.map((name) => [name, () => hold(name)] as const));

/** From now on, interrupt signals are held instead of ending the process. */
export function holdStartSignals(): void {
  if (holding) return;
  holding = true;
  for (const [name, listener] of listeners) process.on(name, listener);
}

/** Stops holding; the first signal held meanwhile, if any. */
export function releaseStartSignals(): InterruptSignal | undefined {
  if (holding) for (const [name, listener] of listeners) process.off(name, listener);
  holding = false;
  return held;
}

/** For a command that is not a run: ends the process as the held signal would have, else restores the signals' default action. */
export function endOnHeldSignal(): void {
  const signal = releaseStartSignals();
  if (signal) process.exit(128 + constants.signals[signal]);
}
