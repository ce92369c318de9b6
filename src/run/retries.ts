// Retries (--retries N, or `retries: N` in a document's frontmatter): a unit whose
// attempt fails runs again, up to N more times. Only the last finished attempt's events
// are reported; a unit that passes on a retry is passed and marked flaky on its
// unit-end, which keeps the failing points of the attempts before as evidence. A retry
// that an interruption of spec-run cut short passed nothing: the attempt it retried, a
// failure, is the one reported, so that no failure turns into a pass.
import type { EarlierFailure, RunEvent } from '../model/events.js';
import { retriesProblem, type DocumentPlan } from '../model/plan.js';
import { interruptedBy, isInterruptionSkip } from './interrupt.js';
import type { Emit } from './types.js';

const failing = (event: RunEvent): event is Extract<RunEvent, { type: 'point' }> => event.type === 'point' && !event.ok && event.todo === undefined && event.skip === undefined;

/** True when an interruption of spec-run stopped the attempt these events are of, or kept part of it from running. */
const cutShort = (events: RunEvent[]): boolean => events.some((event) => event.type === 'point' && event.skip !== undefined && isInterruptionSkip(event.skip));

/**
 * Runs `attempt` of unit `unitId` until it passes or `retries` more attempts have
 * failed, and emits that unit's events of the last finished attempt. Events of other
 * units (a load failure reported on the way) go out at once: they are not the unit's to
 * retry. Once `interrupt` aborts, no attempt starts, and one it cut short is not reported
 * in place of the failed attempt before it.
 */
export async function runWithRetries(retries: number, unitId: string, attempt: (emit: Emit) => Promise<void>, emit: Emit, interrupt?: AbortSignal): Promise<void> {
  if (retries <= 0) return attempt(emit);
  const earlierFailures: EarlierFailure[] = [];
  let failed: RunEvent[] = [];
  for (let number = 1; ; number++) {
    const events: RunEvent[] = [];
    await attempt((event) => ('unitId' in event && event.unitId === unitId ? events.push(event) : emit(event)));
    if (number > 1 && cutShort(events)) {
      const note = `attempt ${number} (a retry) was cut short: run interrupted by ${interrupt ? interruptedBy(interrupt) : 'an interruption'} before it finished; reported instead: attempt ${number - 1}, which failed`;
      return reportAttempt(failed, number - 1, null, emit, note);
    }
    const failures = events.filter(failing);
    if (failures.length === 0 || number > retries || interrupt?.aborted) return reportAttempt(events, number, failures.length === 0 ? earlierFailures : null, emit);
    for (const { name, at, diagnostics } of failures) earlierFailures.push({ attempt: number, name, ...(at ? { at } : {}), ...(diagnostics ? { diagnostics } : {}) });
    failed = events;
  }
}

/**
 * Emits the events of attempt NUMBER of a unit, its unit-end saying how many attempts
 * were made: flaky, with the failures of the attempts before, when EARLIER_FAILURES is
 * given (the attempt passed), and NOTE before it when given.
 */
function reportAttempt(events: RunEvent[], number: number, earlierFailures: EarlierFailure[] | null, emit: Emit, note?: string): void {
  for (const event of events) {
    if (event.type !== 'unit-end') {
      emit(event);
      continue;
    }
    if (note) emit({ type: 'comment', text: note, file: event.file, unitId: event.unitId });
    emit(number > 1 ? { ...event, attempts: number, ...(earlierFailures ? { flaky: true, earlierFailures } : {}) } : event);
  }
}

/** Retries of a document: its frontmatter's `retries` when set, else the run's. */
export function documentRetries(plan: DocumentPlan, runRetries: number): { retries: number; problem?: string } {
  const value = plan.metadata.retries;
  const problem = retriesProblem(value);
  if (problem) return { retries: runRetries, problem };
  return { retries: typeof value === 'number' ? value : runRetries };
}
