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
