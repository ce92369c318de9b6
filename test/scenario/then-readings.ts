// Asserts how Then sentences are read: each of READINGS read as (a part of) its expected
// interpretation, each of UNBOUND left unbound.
import type { Test } from 'tap';
import { readThen } from '../../src/run/scenario/interpreter/then.js';

export function assertReadings(t: Test, readings: readonly (readonly [string, string])[], unbound: readonly string[]): void {
  for (const [sentence, expected] of readings) {
    const read = readThen(sentence);
    const got = read.ok ? read.parts.map((p) => p.text).join(' ∧ ') : null;
    t.ok(got !== null && got.includes(expected), `"${sentence}" → ${expected}`, { got: got ?? read });
  }
  for (const sentence of unbound) {
    const read = readThen(sentence);
    t.notOk(read.ok, `"${sentence}" is not bound`, { got: read.ok ? read.parts.map((p) => p.text) : undefined });
  }
}
