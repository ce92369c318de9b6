// Asserts how Then sentences are read: each of READINGS read as (a part of) its expected
// interpretation, each of UNBOUND left unbound.
import type { Test } from 'tap';
import { readThen, type Check } from '../../src/run/scenario/interpreter/then.js';
import { observe, type Observation } from '../../src/run/scenario/interpreter/observation.js';
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

/** The checks SENTENCE is read as (none when it is not bound). */
export function reading(sentence: string): Check[] {
  const read = readThen(sentence);
  return read.ok ? read.parts : [];
}

/** Whether every check SENTENCE is read as holds of the run O; undefined when it is not bound. */
export async function verdict(o: Observation, sentence: string): Promise<boolean | undefined> {
  const checks = reading(sentence);
  if (checks.length === 0) return undefined;
  const verdicts = await Promise.all(checks.map((c) => c.evaluate(o)));
  return verdicts.every((v) => v.ok);
}

/** Asserts that each of HOLDS is bound and true of the run O, and each of FAILS bound and false. */
export async function assertVerdicts(t: Test, o: Observation, holds: readonly string[], fails: readonly string[]): Promise<void> {
  for (const sentence of holds) t.equal(await verdict(o, sentence), true, `true: "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
  for (const sentence of fails) t.equal(await verdict(o, sentence), false, `false: "${sentence}"`, { read: reading(sentence).map((c) => c.text) });
}

/** Runs CONFIG for real once: then whether a sentence holds of that run (undefined: not read). */
export async function verdictsOn(config: string): Promise<(sentence: string) => Promise<boolean | undefined>> {
  const o = await observe({ text: config, line: 1 }, emptySetup(), {});
  return (sentence) => verdict(o, sentence);
}

/** The texts of the parts SENTENCE is read as, or null when it stays undefined. */
export const partsOf = (sentence: string): string[] | null => {
  const read = readThen(sentence);
  return read.ok ? read.parts.map((part) => part.text) : null;
};

/** The words SENTENCE left not understood, or null when it is read. */
export const notUnderstood = (sentence: string): string[] | null => {
  const read = readThen(sentence);
  return read.ok ? null : read.notUnderstood;
};
