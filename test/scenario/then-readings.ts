// Asserts how Then sentences are read: each of READINGS read as (a part of) its expected
// interpretation, each of UNBOUND left unbound.
import type { Test } from 'tap';
import { observe } from '../../src/run/scenario/interpreter/observation.js';
import { readThen } from '../../src/run/scenario/interpreter/then.js';
import { emptySetup } from '../../src/run/scenario/interpreter/when.js';

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

/** Runs CONFIG for real once: then whether a sentence holds of that run (undefined: not read). */
export async function verdictsOn(config: string): Promise<(sentence: string) => Promise<boolean | undefined>> {
  const o = await observe({ text: config, line: 1 }, emptySetup(), {});
  return async (sentence) => {
    const read = readThen(sentence);
    if (!read.ok) return undefined;
    return (await Promise.all(read.parts.map((p) => p.evaluate(o)))).every((v) => v.ok);
  };
}
