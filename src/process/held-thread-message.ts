// What the watchdog (watchdog.ts) says on stderr when it ends a run whose main thread user
// code held: written by its thread, found again by whoever reads the run's stderr (the
// language server marks the code's line with it).

const HELD = 'has held the main thread for';

/** The message for WHAT (a label naming the code and its place), having held the thread HELD MS. */
export function heldThreadMessage(what: string, heldMs: number): string {
  return `spec-run: ${what} ${HELD} ${(heldMs / 1000).toFixed(1)} s without returning to it, past its time limit (an endless synchronous loop?): its limit, the reports and Ctrl-C all wait on that thread, so spec-run ends here (SIGKILL, exit status 137); make the code return, or await between its iterations`;
}

/** The watchdog's message in STDERR, without its "spec-run: ", or null when it ended no run there. */
export function heldThreadMessageIn(stderr: string): string | null {
  const line = stderr.split('\n').find((text) => text.startsWith('spec-run: ') && text.includes(` ${HELD} `));
  return line === undefined ? null : line.slice('spec-run: '.length);
}

/** What the watchdog's thread reads of the main thread (watchdog.ts's shared cells), times in ms since the epoch. */
export interface HeldState {
  /** The deadline of the user code running, 0 for none. */
  deadline: number;
  /** The main thread's last turn of its event loop. */
  lastTurn: number;
  /** How long the main thread may stay away from its event loop at any time of a run, 0 for no limit. */
  runLimit: number;
  /** The user code running (its label), when a deadline is set. */
  running: string;
}

/** What held the main thread past its limit at NOW, having been held STUCK_MS past it, as the message names it; null while none is past. */
export function heldPastLimit({ deadline, lastTurn, runLimit, running }: HeldState, now: number, stuckMs: number): string | null {
  const held = now - lastTurn;
  if (held < stuckMs) return null;
  const pastDeadline = deadline !== 0 && now >= deadline + stuckMs;
  const pastRunLimit = runLimit > 0 && held >= runLimit + stuckMs;
  if (!pastDeadline && !pastRunLimit) return null;
  // The run's limit equal to the unit's (the default five minutes) is reached first, the loop's last turn
  // coming before the step started: the step watched is what holds the thread all the same.
  return deadline !== 0 ? running : 'code of the run outside any step (a timer or an event handler a step left behind?)';
}
