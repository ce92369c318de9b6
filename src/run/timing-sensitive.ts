// What needs a quiet machine (see quiet-gate.ts), at three grains:
// - a request that measures time (a time-execution call, or an evaluation asked to
//   capture its time) takes the gate exclusive while it is in flight;
// - a unit the document marks timing-sensitive holds the gate exclusive from start
//   to end, for code that times itself finely in the driver (a round trip compared
//   with sub-millisecond figures), where other documents' work would count:
//     timing-sensitive: true                     every unit of the document
//     timing-sensitive: [Sleep Accuracy, ...]    units with that name or heading
// - a unit whose code reads the clock (get-internal-real-time around a request) is
//   *prompt*: its requests never wait for a measurement that is waiting for its turn,
//   since the wait would count in what it measures. It is not made exclusive: the
//   seeds time timeouts of seconds this way, in units that last minutes, and holding
//   the gate for them would serialize the whole run.
import type { DocumentPlan, Unit } from '../model/plan.js';
import { unqualified } from '../translate/lisp-forms.js';
import { unitCode } from '../translate/unit-code.js';

export type TimingNeed = 'exclusive' | 'prompt';

const CLOCK_READERS = new Set(['get-internal-real-time', 'get-internal-run-time']);

/** True when a JSON-RPC message asks a runtime to measure time. */
export function measuresTime(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const params = (message as { params?: { name?: unknown; arguments?: Record<string, unknown> } }).params;
  if (typeof params !== 'object' || params === null) return false;
  if (params.name === 'time-execution') return true;
  const captureTime = params.arguments?.['capture-time'];
  return captureTime !== undefined && captureTime !== false && captureTime !== null;
}

/** What the units of `plan` need beyond ordinary shared turns, by unit id. */
export function unitTimingNeeds(plan: DocumentPlan): Map<string, TimingNeed> {
  const marker = plan.metadata['timing-sensitive'];
  const named = Array.isArray(marker) ? marker.map((name) => String(name).trim().toLowerCase()) : [];
  const needs = new Map<string, TimingNeed>();
  for (const unit of plan.units) {
    const markedByName = named.length > 0 && [unit.name, ...unit.headingPath].some((text) => named.includes(text.trim().toLowerCase()));
    if (marker === true || markedByName) needs.set(unit.id, 'exclusive');
    else if (readsClock(plan, unit)) needs.set(unit.id, 'prompt');
  }
  return needs;
}

/**
 * Whether the code UNIT runs as written (its block, or the definition of its test or
 * function) names a clock reader anywhere. Its forms are the scans the document's
 * translation made, walked here rather than read again from their text.
 */
function readsClock(plan: DocumentPlan, unit: Unit): boolean {
  const pending = [...(unitCode(plan, unit)?.nodes ?? [])];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.kind === 'symbol' && CLOCK_READERS.has(unqualified(node.name))) return true;
    if (node.kind === 'list') pending.push(...node.items);
    else if (node.kind === 'prefixed') pending.push(node.form);
    else if (node.kind === 'conditional') pending.push(node.feature, node.form);
  }
  return false;
}
