// What runners say about work an interruption of spec-run (SIGINT, SIGTERM, SIGHUP) cut short.

/** The name of the signal that interrupted the run (the abort reason), for messages. */
export function interruptedBy(interrupt: AbortSignal): string {
  return typeof interrupt.reason === 'string' ? interrupt.reason : 'an interruption';
}

/** The SKIP reason of a unit or step that was running when the run was interrupted. */
export function interruptedReason(interrupt: AbortSignal): string {
  return `run interrupted by ${interruptedBy(interrupt)} before this finished; what it started was stopped`;
}

/** The SKIP reason of a unit or step not yet started when the run was interrupted. */
export function notRunReason(interrupt: AbortSignal): string {
  return `run interrupted by ${interruptedBy(interrupt)} before this ran`;
}

/** True for the SKIP reason of a point an interruption stopped or kept from running: its unit did not run to its end. */
export const isInterruptionSkip = (skip: string): boolean => skip.startsWith('run interrupted by ');

/** A promise that resolves when `interrupt` aborts (never without one), and the function that stops listening. */
export function whenInterrupted(interrupt: AbortSignal | undefined): { interrupted: Promise<void>; stopListening: () => void } {
  let listener: (() => void) | undefined;
  const interrupted = new Promise<void>((resolve) => {
    if (!interrupt) return;
    if (interrupt.aborted) resolve();
    listener = () => resolve();
    interrupt.addEventListener('abort', listener, { once: true });
  });
  return { interrupted, stopListening: () => listener && interrupt?.removeEventListener('abort', listener) };
}
