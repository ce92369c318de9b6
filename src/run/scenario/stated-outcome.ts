// Whether a scenario states what must hold. Its Givens and Whens set up and act; a Then
// states the outcome. A scenario none of whose steps does checks nothing, so it cannot pass
// or verify its requirement: the run fails it (TODO with --no-strict), and `check` warns.
import type { ScenarioUnit } from '../../model/plan.js';
import { stepKeyword } from '../../translate/step-keyword.js';
import { bindStep, type StepLibrary } from './library.js';

/**
 * Why UNIT checks nothing, or null when it may check something: it has a Then, or a built-in
 * definition of the seed vocabulary's (which may well assert) binds one of its Givens or Whens,
 * or a step binds no one definition (undefined or ambiguous: a failure of its own).
 */
export function checksNothing(unit: ScenarioUnit, library: StepLibrary): string | null {
  if (unit.steps.length === 0) return null;
  let keyword: string | null = null;
  let interpretedSetups = 0;
  for (const step of unit.steps) {
    keyword = stepKeyword(step.keyword, keyword);
    const matches = bindStep(library, unit, step, keyword);
    if (keyword === 'Then' || matches.length !== 1) return null;
    const setup = matches[0].step.interpretation?.startsWith('setup:') === true;
    if (matches[0].step.builtin && !setup) return null;
    if (setup) interpretedSetups += 1;
  }
  return interpretedSetups === unit.steps.length
    ? 'the scenario checks nothing: each of its steps is a Given or When the built-in executor steps read as setup, which runs the command but checks nothing; add a Then that states what must hold'
    : 'the scenario checks nothing: it has no THEN step, and its GIVEN and WHEN steps set up and act but state no outcome; add a THEN that states what must hold';
}
