// Signals that arrive while spec-run starts (its modules load, the documents are read),
// before a run listens for them. Without a listener Node would end the process at once,
// silently: no summary, no report. Held here, the first one is handed to the run, which
// then reports its documents as interrupted; any other command ends on it as it would have.
import { constants } from 'node:os';
import { INTERRUPT_SIGNALS, type InterruptSignal } from '../executor/interrupts.js';

interface StartSignals {
  held: InterruptSignal | undefined;
  holding: boolean;
  listeners: Map<InterruptSignal, () => void>;
}

/**
 * One state for the process, kept on the global object: main.js holds the signals with its
 * own copy of this module before the command line's bundle (which holds another copy) is
 * loaded, and the bundle's copy releases them. With a state per copy the release found
 * nothing held: the listeners stayed, so check, lsp and the other commands ignored SIGINT
 * and SIGTERM for good, and a signal that came while a run started was never handed to it.
 */
const state: StartSignals = ((globalThis as { [key: symbol]: StartSignals })[Symbol.for('spec-run.start-signals')] ??= {
  held: undefined,
  holding: false,
  listeners: new Map(),
});

/** From now on, interrupt signals are held instead of ending the process. */
export function holdStartSignals(): void {
  if (state.holding) return;
  state.holding = true;
  for (const name of INTERRUPT_SIGNALS) {
    const listener = () => {
      state.held ??= name;
    };
    state.listeners.set(name, listener);
    process.on(name, listener);
  }
}

/** Stops holding; the first signal held meanwhile, if any, handed over once (whoever takes it answers it). */
export function releaseStartSignals(): InterruptSignal | undefined {
  for (const [name, listener] of state.listeners) process.off(name, listener);
  state.listeners.clear();
  state.holding = false;
  const held = state.held;
  state.held = undefined;
  return held;
}

/**
 * For a command that is not a run: ends the process as the held signal would have; from then
 * on each interrupt signal ends it as its default action does, unless the command listens
 * for it itself (serve stops what it runs first). The holding listeners are swapped for
 * ending ones, never all removed at once: a signal Node had caught but not yet dispatched
 * when its last listener went was dropped, and a language server under load went on after
 * SIGTERM for good.
 */
export function endOnHeldSignal(): void {
  if (!state.holding) return;
  for (const [name, holding] of state.listeners) {
    const ending = () => {
      if (process.listenerCount(name) > 1) return; // the command's own listener answers it
      process.off(name, ending);
      process.kill(process.pid, name); // the default action, now that nothing listens
    };
    process.on(name, ending);
    process.off(name, holding);
  }
  state.listeners.clear();
  state.holding = false;
  const held = state.held;
  state.held = undefined;
  if (held) process.exit(128 + constants.signals[held]);
}
