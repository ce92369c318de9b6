// A scenario's fingerprint (run/unit-fingerprint.ts): its text with the code of the
// definitions its steps bind and of the hooks that run around it.
import type { DocumentPlan, ScenarioUnit, Unit } from '../../model/plan.js';
import { keyedSteps } from '../../translate/step-keyword.js';
import { fingerprintOf, lispFingerprint } from '../unit-fingerprint.js';
import { bindStep, type StepLibrary } from './library.js';

export function scenarioFingerprint(unit: ScenarioUnit, library: StepLibrary): string {
  const bound = [...keyedSteps([unit])].map(({ step, keyword }) => bindStep(library, unit, step, keyword).map((m) => [m.step.keyword, m.step.source, m.step.interpretation ?? String(m.step.fn)]));
  return fingerprintOf([unit, bound, library.hooks.map((hook) => [hook.when, String(hook.fn)])]);
}

/** UNIT's fingerprint as a run of its document stamps it, LIBRARY being the step definitions the document binds. */
export const unitFingerprint = (plan: DocumentPlan, unit: Unit, library: StepLibrary): string => (unit.kind === 'scenario' ? scenarioFingerprint(unit, library) : lispFingerprint(plan, unit));
