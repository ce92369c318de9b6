// What needs a quiet machine (see quiet-gate.ts). Two grains:
// - a request that measures time: a time-execution call, or an evaluation asked to
//   capture its time; it holds the gate only while it is in flight;
// - a timing-sensitive unit, which holds the gate for the whole unit, because its
//   own code times things in the driver (round trips measured with
//   get-internal-real-time), where waiting for the gate in the middle of a request
//   would count in the measurement. A unit is timing-sensitive when its code reads
//   the clock, or when the document says so in its frontmatter:
//     timing-sensitive: true                     every unit of the document
//     timing-sensitive: [Sleep Accuracy, ...]    units with that name or heading
import type { DocumentPlan, Unit } from '../model/plan.js';
import { scanForms, unqualified } from '../translate/lisp-forms.js';

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

/** The ids of the units of `plan` that must run on a quiet machine from start to end. */
export function timingSensitiveUnits(plan: DocumentPlan): Set<string> {
  const marker = plan.metadata['timing-sensitive'];
  const named = Array.isArray(marker) ? marker.map((name) => String(name).trim().toLowerCase()) : [];
  const sensitive = new Set<string>();
  for (const unit of plan.units) {
    const markedByName = named.length > 0 && [unit.name, ...unit.headingPath].some((text) => named.includes(text.trim().toLowerCase()));
    if (marker === true || markedByName || readsClock(unitCode(plan, unit))) sensitive.add(unit.id);
  }
  return sensitive;
}

/** The Lisp text a unit runs: its block, or the definition of the test or function it calls. */
function unitCode(plan: DocumentPlan, unit: Unit): string {
  if (unit.kind === 'lisp-block') return unit.code.text;
  if (unit.kind !== 'fiveam-test' && unit.kind !== 'verify-function') return '';
  for (const definitions of plan.definitions) {
    if (definitions.file !== unit.file) continue;
    const form = scanForms(definitions.text, definitions.line).forms.find((f) => f.line === unit.line);
    if (form) return form.text;
  }
  return '';
}

function readsClock(code: string): boolean {
  if (!code) return false;
  for (const symbol of scanForms(code).symbols.keys()) if (CLOCK_READERS.has(unqualified(symbol))) return true;
  return false;
}
