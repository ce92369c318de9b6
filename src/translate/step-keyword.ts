// The keyword a scenario step stands under: Given, When or Then. OpenSpec and Gherkin
// steps may say And or But, which continue the keyword before them. A rule of the
// document, so the planner's consumers (check, the scenario runner) share it.
import type { ScenarioStep, ScenarioUnit, Unit } from '../model/plan.js';

/** Given/When/Then for a step keyword; And and But continue the keyword before them. */
export function stepKeyword(keyword: string, previous: string | null): string {
  const k = keyword.toLowerCase();
  if (k === 'given' || k === 'when' || k === 'then') return k[0].toUpperCase() + k.slice(1);
  return previous ?? 'Then';
}

/** Every step of the scenarios among UNITS, in order, with the keyword it stands under. */
export function* keyedSteps(units: readonly Unit[]): Generator<{ unit: ScenarioUnit; step: ScenarioStep; keyword: string }> {
  for (const unit of units) {
    if (unit.kind !== 'scenario') continue;
    let keyword: string | null = null;
    for (const step of unit.steps) {
      keyword = stepKeyword(step.keyword, keyword);
      yield { unit, step, keyword };
    }
  }
}
