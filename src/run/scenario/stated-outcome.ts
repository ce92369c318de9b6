// Whether a scenario states what must hold. Its Givens and Whens set up and act; a Then
// states the outcome. A scenario none of whose steps does cannot verify its requirement.
// Where each step is a setup of the executor interpreter's, which checks nothing, the run
// fails it (TODO with --no-strict); a Given or When of the user's may assert (its failure
// fails the run), but states no outcome: the run skips the scenario's verdict. `check` warns.
import type { ScenarioUnit } from '../../model/plan.js';
import { stepKeyword } from '../../translate/step-keyword.js';
import { bindStep, shownPath, type CompiledStep, type StepLibrary } from './library.js';
import { bodyThatCannotFail } from './function-body.js';

/** Why a step whose definition returned false fails: cucumber-js ignores what a step returns, so such a verdict was never a check. */
export const RETURNED_FALSE = 'the step returned false: a check that returns its verdict must throw or assert (a returned value is not read as a verdict, so `return actual === expected` checks nothing)';

/** A Then that checks nothing: why, as the run says it at the step, and what its definition's body does instead ("only logs"). */
export interface ThenCheckingNothing {
  reason: string;
  body: string;
}

/**
 * Why a Then bound to DEFINITION checks nothing, or null: no statement of its body (as
 * compiled) can fail, a stub left empty, logging, asserting constants, catching its own
 * failure. Said as a scenario that checks nothing is: the run skips its verdict, so its
 * requirement is not verified. (An empty Given or When is a legitimate no-op.)
 */
export function thenCheckingNothing(definition: CompiledStep): ThenCheckingNothing | null {
  const body = definition.builtin ? null : bodyThatCannotFail(definition.fn, definition.file);
  if (body === null) return null;
  return { body, reason: `the step checks nothing: its definition (${shownPath(definition.file)}:${definition.line}) has a body that cannot fail (it ${body}), so nothing compares what the step states, and it verifies no requirement; write the check in it (an assertion that throws when the step does not hold, and that nothing catches)` };
}

/** Why a scenario checks nothing; SETUPS_ONLY when each of its steps is a setup of the executor interpreter's. */
export interface Unchecked {
  reason: string;
  setupsOnly: boolean;
}

/**
 * Why UNIT checks nothing, or null when it may check something: it has a Then, or a built-in
 * definition of the seed vocabulary's (which may well assert) binds one of its Givens or Whens,
 * or a step binds no one definition (undefined or ambiguous: a failure of its own).
 */
export function checksNothing(unit: ScenarioUnit, library: StepLibrary): Unchecked | null {
  if (unit.steps.length === 0) return null;
  // A Then anywhere states an outcome: known from the keywords alone, so the usual scenario binds no step twice.
  let said: string | null = null;
  if (unit.steps.some((step) => (said = stepKeyword(step.keyword, said)) === 'Then')) return null;
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
    ? { setupsOnly: true, reason: 'the scenario checks nothing: each of its steps is a Given or When the built-in executor steps read as setup, which runs the command but checks nothing; add a Then that states what must hold' }
    : { setupsOnly: false, reason: 'the scenario checks nothing: it has no THEN step, so whatever its GIVEN and WHEN steps do, none states what must hold, and it verifies no requirement; add a THEN that states it' };
}
