// How every reporter words a retried unit: "flaky after 1 retry", "failed 3 attempts".
import type { RunEvent } from '../src/model/events.js';

type UnitEnd = Extract<RunEvent, { type: 'unit-end' }>;

/** The note for a retried unit, or null when it ran once. */
export function attemptsNote(event: UnitEnd): string | null {
  if (event.attempts === undefined || event.attempts < 2) return null;
  const retries = event.attempts - 1;
  return event.flaky ? `flaky after ${retries} ${retries === 1 ? 'retry' : 'retries'}` : `failed ${event.attempts} attempts`;
}
