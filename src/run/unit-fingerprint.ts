// What a unit's result is a result of: the unit's text, and the code it ran with (the
// Lisp loaded before a Lisp unit here; the step definitions and hooks a scenario bound in
// scenario/fingerprint.ts). A run stamps it on each unit it starts, the record keeps it,
// and the language server shows a recorded result only while the text and code it reads
// now give the same fingerprint.
import { createHash } from 'node:crypto';
import type { DocumentPlan, Unit } from '../model/plan.js';

/** Where a thing stands, not what it says: moving a unit leaves what it runs as it was. */
const PLACE_KEYS = new Set(['id', 'file', 'line', 'columns', 'blockIndex', 'usedAt', 'sameNameAt', 'sameRowAt', 'moreArguments', 'number', 'pairedWith']);

/** VALUE's hash, its places left out. */
export const fingerprintOf = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(value, (key, inner: unknown) => (PLACE_KEYS.has(key) ? undefined : inner)))
    .digest('hex')
    .slice(0, 16);

/** The unit's text wherever it stands: a code lens names its unit by it (with its name), so an edit that changes the unit is seen. */
export const unitTextKey = (unit: Unit): string => fingerprintOf(unit);

/** A unit of a Lisp document with the code loaded and run before it: the document's definitions and the units before it, which share its environment. */
export function lispFingerprint(plan: DocumentPlan, unit: Unit): string {
  const upTo = plan.units.slice(0, plan.units.findIndex((u) => u.id === unit.id) + 1);
  return fingerprintOf([plan.definitions, upTo]);
}
