// Retries (--retries N, or `retries: N` in a document's frontmatter): a unit whose
// attempt fails runs again, up to N more times. Only the last attempt's events are
// reported; a unit that passes on a retry is passed and marked flaky on its
// unit-end, which keeps the failing points of the attempts before as evidence.
import type { EarlierFailure, RunEvent } from '../model/events.js';
import { retriesProblem, type DocumentPlan } from '../model/plan.js';
import type { Emit } from './types.js';

const failing = (event: RunEvent): event is Extract<RunEvent, { type: 'point' }> => event.type === 'point' && !event.ok && event.todo === undefined && event.skip === undefined;

/**
 * Runs `attempt` of unit `unitId` until it passes or `retries` more attempts have
 * failed, and emits that unit's events of the last attempt. Events of other units
 * (a load failure reported on the way) go out at once: they are not the unit's to retry.
 */
export async function runWithRetries(retries: number, unitId: string, attempt: (emit: Emit) => Promise<void>, emit: Emit): Promise<void> {
  if (retries <= 0) return attempt(emit);
  const earlierFailures: EarlierFailure[] = [];
  for (let number = 1; ; number++) {
    const events: RunEvent[] = [];
    await attempt((event) => ('unitId' in event && event.unitId === unitId ? events.push(event) : emit(event)));
    const failures = events.filter(failing);
    if (failures.length === 0 || number > retries) {
      for (const event of events) {
        if (event.type === 'unit-end' && number > 1) {
          emit({ ...event, attempts: number, ...(failures.length === 0 ? { flaky: true, earlierFailures } : {}) });
        } else emit(event);
      }
      return;
    }
    for (const { name, at, diagnostics } of failures) earlierFailures.push({ attempt: number, name, ...(at ? { at } : {}), ...(diagnostics ? { diagnostics } : {}) });
  }
}

/** Retries of a document: its frontmatter's `retries` when set, else the run's. */
export function documentRetries(plan: DocumentPlan, runRetries: number): { retries: number; problem?: string } {
  const value = plan.metadata.retries;
  const problem = retriesProblem(value);
  if (problem) return { retries: runRetries, problem };
  return { retries: typeof value === 'number' ? value : runRetries };
}
