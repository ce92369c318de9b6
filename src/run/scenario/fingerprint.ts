// A scenario's fingerprint (run/unit-fingerprint.ts): its text with the code of the
// definitions its steps bind and of the hooks that run around it. That code is the text
// of the files they are written in: a function's compiled source depends on the loader
// (a transpiler, a coverage hook), the file's text does not. A module they import is not
// part of it.
import { readFileSync, statSync } from 'node:fs';
import type { DocumentPlan, ScenarioUnit, Unit } from '../../model/plan.js';
import { keyedSteps } from '../../translate/step-keyword.js';
import { fingerprintOf, lispFingerprint } from '../unit-fingerprint.js';
import { bindStep, type StepLibrary } from './library.js';

/** Each steps file's text hashed, by path, with the modification time it was read at. */
const fileTexts = new Map<string, { mtimeMs: number; hash: string }>();

/** The text of the steps file at PATH, hashed; a file that cannot be read is its own path (an interpreted step, a file gone). */
function fileText(path: string): string {
  const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return path;
  const known = fileTexts.get(path);
  if (known?.mtimeMs === mtimeMs) return known.hash;
  let hash: string;
  try {
    hash = fingerprintOf(readFileSync(path, 'utf8'));
  } catch {
    return path;
  }
  fileTexts.set(path, { mtimeMs, hash });
  return hash;
}

export function scenarioFingerprint(unit: ScenarioUnit, library: StepLibrary): string {
  const bound = [...keyedSteps([unit])].map(({ step, keyword }) => bindStep(library, unit, step, keyword).map((m) => [m.step.keyword, m.step.source, m.step.interpretation ?? fileText(m.step.file)]));
  return fingerprintOf([unit, bound, library.hooks.map((hook) => [hook.when, fileText(hook.file)])]);
}

/** UNIT's fingerprint as a run of its document stamps it, LIBRARY being the step definitions the document binds. */
export const unitFingerprint = (plan: DocumentPlan, unit: Unit, library: StepLibrary): string => (unit.kind === 'scenario' ? scenarioFingerprint(unit, library) : lispFingerprint(plan, unit));
