// A scenario's JSON or YAML block states data its steps compare or set up with (the payload
// a `- **THEN** the response is:` expects, a configuration). Only a block indented under its
// step's bullet is that step's doc string; one below the list reaches a step only through
// this.blocks, or through spec-run's own vocabulary, which reads its scenario's blocks itself.
// Read by neither, what it states was never compared: the run fails it (TODO with
// --no-strict), as an undefined step, and `check` says so at its line.
import type { CodeRef, ScenarioUnit } from '../../model/plan.js';
import { keyedSteps } from '../../translate/step-keyword.js';
import { DATA_LANGUAGES } from '../../translate/openspec-family.js';
import { bindStep, type StepLibrary } from './library.js';


/**
 * UNIT's JSON and YAML blocks no definition it binds can reach but through this.blocks:
 * none when one of its steps binds to spec-run's own vocabulary.
 */
export function dataBlocksLeftToCode(unit: ScenarioUnit, library: StepLibrary): CodeRef[] {
  // A block inside a step's bullet is that step's argument, which its definition takes or refuses (droppedArgument).
  const inSteps = new Set(unit.steps.flatMap((step) => [...(step.argument?.kind === 'doc-string' ? [step.argument.line] : []), ...(step.moreArguments ?? [])]));
  // A fenced block's text starts on the line after its fence; an indented one's, on its first line.
  const data = unit.configs.filter((block) => DATA_LANGUAGES.test(block.lang ?? '') && !inSteps.has(block.line - 1) && !inSteps.has(block.line));
  if (data.length === 0) return [];
  const ownVocabulary = [...keyedSteps([unit])].some(({ step, keyword }) => bindStep(library, unit, step, keyword).some((match) => match.step.builtin === true));
  return ownVocabulary ? [] : data;
}

/** Why BLOCK of scenario UNIT checked nothing, as the run and `check` say it. */
export function unreadBlockReason(block: CodeRef, unit: ScenarioUnit): string {
  const step = [...unit.steps].reverse().find((candidate) => candidate.line < block.line);
  const under = step ? ` below '${step.keyword.toUpperCase()} ${step.text}' (line ${step.line})` : '';
  return `the ${block.lang} block at line ${block.line}${under} is read by no step of scenario '${unit.name}': only a block indented under a step's bullet is its doc string, and no step or hook read it through this.blocks (a step that reads another of its blocks does not read this one), so what it states was never compared; indent it under its step and take it as the definition's last parameter, or read it in the step (this.blocks)`;
}
