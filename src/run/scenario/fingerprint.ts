// A scenario's fingerprint (run/unit-fingerprint.ts): its text with the definitions its
// steps bind and the support code they run with: every steps file loaded (a file of
// parameter types, hooks, a world or other steps decides what a step receives and sees)
// and the project's modules they import. That code is the text of its files: a
// function's compiled source depends on the loader (a transpiler, a coverage hook), the
// file's text does not.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importClosure } from './import-closure.js';
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

/** Each library's support files, with the modification times they were found at: found anew once one changed (an import added). */
const supportFiles = new WeakMap<StepLibrary, { files: string[]; stamps: (number | undefined)[] }>();

const modified = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/** The files of LIBRARY's support code: its steps files, and the project's modules they import, transitively. */
function supportCode(library: StepLibrary): string[] {
  const known = supportFiles.get(library);
  if (known && known.files.every((file, i) => modified(file) === known.stamps[i])) return known.files;
  const files = new Set(library.userFiles.map((file) => path.resolve(file)));
  for (const file of [...files]) for (const imported of importClosure(file).files) files.add(imported);
  const sorted = [...files].sort();
  supportFiles.set(library, { files: sorted, stamps: sorted.map(modified) });
  return sorted;
}

export function scenarioFingerprint(unit: ScenarioUnit, library: StepLibrary): string {
  const bound = [...keyedSteps([unit])].map(({ step, keyword }) => bindStep(library, unit, step, keyword).map((m) => [m.step.keyword, m.step.source, m.step.interpretation ?? fileText(m.step.file)]));
  return fingerprintOf([unit, bound, supportCode(library).map(fileText)]);
}

/** UNIT's fingerprint as a run of its document stamps it, LIBRARY being the step definitions the document binds. */
export const unitFingerprint = (plan: DocumentPlan, unit: Unit, library: StepLibrary): string => (unit.kind === 'scenario' ? scenarioFingerprint(unit, library) : lispFingerprint(plan, unit));
