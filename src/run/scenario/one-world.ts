// A scenario's steps act on one world. Where the built-in executor steps are active, a
// scenario may mix them with the user's own, as cucumber-js mixes a library's steps with a
// project's; but the executor's steps keep their run in a record of their own (the
// interpreter's run of the command, the seed expressions' probes), which the user's steps
// never see, and the user's steps keep theirs in `this`, which the executor's never read.
// So a step that would check the other's world is refused at its line, naming the step whose
// world it cannot see, rather than passing on state nobody set:
// - a Then of the user's right after the executor's steps set up (and ran) the command: their
//   Given or When, or, where none stands before it, the scenario's YAML block (or condition
//   paragraph) that their Thens run;
// - a step a built-in expression matches in a scenario the interpreter reads (its
//   expression checks a probe of its own, not the interpreter's run).
// (The third mix, a built-in Then after the user's `this.run()`, is refused where it runs: world.ts.)
import type { ScenarioStep, ScenarioUnit } from '../../model/plan.js';
import { keyedSteps } from '../../translate/step-keyword.js';
import { configurationBlock } from '../../translate/refused-block.js';
import { bindStep, builtinsSetAside, interpreterReader, shownPath, type StepLibrary } from './library.js';

/** Why STEP of UNIT (under KEYWORD) cannot run in its scenario's world; null where it can. */
export function otherWorld(library: StepLibrary, unit: ScenarioUnit, step: ScenarioStep, keyword: string): string | null {
  if (!library.interpreter) return null;
  const matches = bindStep(library, unit, step, keyword);
  if (matches.length === 0) return builtinSetAside(library, unit, step);
  if (matches.length > 1 || matches[0].step.builtin || keyword !== 'Then') return null;
  const setup = executorSetupBefore(library, unit, step);
  if (!setup) return null;
  const by = setup.interpreted ? 'set up and run by the executor interpreter' : "set up by the built-in executor steps (their Thens run it)";
  const how =
    'step' in setup
      ? `is ${by} (${setup.step.keyword} at line ${setup.step.line}: "${setup.step.text}")`
      : `is set up by its ${setup.setup}, which the ${setup.interpreted ? 'executor interpreter' : 'built-in executor steps'} run${setup.interpreted ? 's' : ''} (${setup.reader.keyword} at line ${setup.reader.line}: "${setup.reader.text}")`;
  return (
    `the scenario's command ${how}, and this step's definition is yours (${shownPath(matches[0].step.file)}:${matches[0].step.line}): ` +
    "it cannot see that run, and would check what your own steps set in `this`, which none did. Run the command in a step of yours too (this.run()) and check its result, or let the executor's steps read this THEN (they read it where no definition of yours matches it)"
  );
}

/** Why a built-in expression matching STEP is set aside in its scenario, which the interpreter reads; null where none is. */
function builtinSetAside(library: StepLibrary, unit: ScenarioUnit, step: ScenarioStep): string | null {
  const [builtin] = builtinsSetAside(library, unit, step);
  const reader = interpreterReader(library, unit);
  if (!builtin || !reader) return null;
  return (
    `a built-in definition matches it (${builtin.step.keyword}('${builtin.step.source}')), but the executor interpreter reads this scenario (its step at line ${reader.line}, "${reader.text}", is one only the interpreter reads) and runs its command: ` +
    "that built-in expression checks a probe of its own, and would not see the interpreter's run. Phrase this step as the interpreter reads it (--list shows each reading), or write the scenario's other steps in the built-in steps' words (spec-run steps --executor-steps lists them); a definition of your own could not see the run either"
  );
}

/** What set up the command a Then is about: one of the executor's steps, or what stands above the steps, which theirs run (READER). */
type ExecutorSetup = { step: ScenarioStep; interpreted: boolean } | { setup: string; reader: ScenarioStep; interpreted: boolean };

/**
 * The last Given or When before STEP, where one of the executor's steps (an interpreted
 * setup or a built-in expression) binds it: what set up the command a Then after it is about.
 * A step of the user's acting after it (reading a file the command wrote) makes it theirs.
 * Where no Given or When stands before STEP, the scenario's YAML block is its configuration
 * (and a condition paragraph the interpreter's setup), run by the executor's steps where one
 * of them binds a step of the scenario.
 */
function executorSetupBefore(library: StepLibrary, unit: ScenarioUnit, step: ScenarioStep): ExecutorSetup | null {
  let last: ExecutorSetup | null = null;
  let setupSeen = false;
  for (const { step: before, keyword } of keyedSteps([unit])) {
    if (before === step) return setupSeen ? last : setUpAbove(library, unit, step);
    if (keyword === 'Then') continue;
    setupSeen = true;
    const matches = bindStep(library, unit, before, keyword);
    last = matches.length === 1 && matches[0].step.builtin ? { step: before, interpreted: matches[0].step.interpretation !== undefined } : null;
  }
  return last;
}

/** UNIT's YAML block (or condition paragraph, which the interpreter reads), where a step of the executor's other than STEP reads the scenario: what sets up its command. */
function setUpAbove(library: StepLibrary, unit: ScenarioUnit, step: ScenarioStep): ExecutorSetup | null {
  const reader = [...keyedSteps([unit])].find(({ step: other, keyword }) => {
    if (other === step) return false;
    const matches = bindStep(library, unit, other, keyword);
    return matches.length === 1 && matches[0].step.builtin;
  });
  if (!reader) return null;
  const interpreted = bindStep(library, unit, reader.step, reader.keyword)[0].step.interpretation !== undefined;
  const block = configurationBlock(unit);
  if (block) return { setup: `YAML block (line ${block.line})`, reader: reader.step, interpreted };
  return interpreted && unit.condition !== null ? { setup: `condition ("${unit.condition.trim()}")`, reader: reader.step, interpreted } : null;
}
