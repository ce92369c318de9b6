// A scenario's YAML block that the executor refuses. A scenario about validation writes bad
// values on purpose, and one of its Thens says so (the configuration is rejected, refused,
// invalid, an error, exit status 2); elsewhere a bad value is a mistake of the document:
// `check` and the editor report it at its line in the executor's own words, and a run fails
// the When that runs the configuration, never a Then that checks a run that did not happen.
import type { CodeRef, ScenarioUnit } from '../model/plan.js';
import { loadConfig, type ConfigError } from '../executor/config.js';
import { stepKeyword } from './step-keyword.js';

/**
 * Words of a Then (or of the scenario's name, condition or requirement) that state a refusal of
 * the configuration, or quote the executor's words for one (a field's path, `must be`).
 */
const REFUSAL = /\b(?:reject|refus|invalid|not valid|validat|error|problem|fails? to (?:load|parse|validate)|exits?(?: with)?(?: (?:status|code))?(?: (?:of|is|=|==))? `?2\b|(?:status|code)(?: (?:of|is|=|==))? `?2\b|nothing (?:runs|is run|ran)|no command (?:runs|is run|ran)|must be|unknown key|applies in a container only)|\bstop\.(?:commands|defaultTimeout)\b/i;

/** Whether UNIT expects its configuration refused: its name, its condition, its requirement or one of its Thens says so. */
export function statesRefusal(unit: ScenarioUnit): boolean {
  if ([unit.name, unit.condition ?? '', unit.requirement].some((text) => REFUSAL.test(text))) return true;
  let keyword: string | null = null;
  return unit.steps.some((step) => (keyword = stepKeyword(step.keyword, keyword)) === 'Then' && REFUSAL.test(step.text));
}

/** The scenario's configuration: its first YAML block, when its top level is a stop-hook configuration (`stop:`). */
export function configurationBlock(unit: ScenarioUnit): CodeRef | null {
  const yaml = unit.configs.find((c) => /^ya?ml$/i.test(c.lang ?? '')) ?? null;
  return yaml && /^stop:/m.test(yaml.text) ? yaml : null;
}

/**
 * The executor's errors of the values BLOCK writes, at their lines in the document: not a key
 * it lacks (a When may give it), nor YAML that does not read (`check` says that on its own).
 */
export function refusedValues(block: CodeRef): ConfigError[] {
  const { errors, lacking } = loadConfig(block.text, { at: block });
  return errors.filter((error) => !lacking.includes(error) && error.path !== '(yaml)');
}
