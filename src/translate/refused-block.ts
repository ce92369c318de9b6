// A scenario's YAML block that the executor refuses. A scenario about validation writes bad
// values on purpose, and one of its Thens says so (the configuration is rejected, refused,
// invalid, an error, exit status 2); elsewhere a bad value is a mistake of the document:
// `check` and the editor report it at its line in the executor's own words, and a run fails
// the When that runs the configuration, never a Then that checks a run that did not happen.
import type { CodeRef, ScenarioUnit } from '../model/plan.js';
import { loadConfig, type ConfigError } from '../executor/config.js';
import { editDistance, seenLanguage } from '../model/edit-distance.js';
import { stepKeyword } from './step-keyword.js';

/**
 * Words of a Then (or of the scenario's name, condition or requirement) that state a refusal of
 * the configuration, or quote the executor's words for one (a field's path, `must be`).
 */
const REFUSAL = /\b(?:reject|refus|invalid|not valid|validat|error|problem|fails? to (?:load|parse|validate)|configuration(?: loading)? (?:SHALL |MUST |should |will )?fails?\b|exits?(?: with)?(?: (?:status|code))?(?: (?:of|is|=|==))? `?2\b|(?:status|code)(?: (?:of|is|=|==))? `?2\b|nothing (?:runs|is run|ran)|no command (?:runs|is run|ran)|must be|unknown key|applies in a container only)|\bstop\.(?:commands|defaultTimeout)\b/i;

/** A negation opening a clause's claim: what follows it is said not to happen ("SHALL NOT contain", "no error"). */
const NEGATION = /\b(?:not|no|never|without|nor)\b|n't\b/i;

/**
 * Whether TEXT states a refusal: a word of REFUSAL not denied earlier in its clause. "The output
 * SHALL NOT contain \"error\"" and "reports no errors" say the run went well; "is not valid"
 * and "no command runs" are refusals in themselves.
 */
function saysRefusal(text: string): boolean {
  return text.split(/[;,.:]\s|\band\b|\bbut\b/i).some((clause) => {
    const found = REFUSAL.exec(clause);
    return found !== null && !NEGATION.test(clause.slice(0, found.index));
  });
}

/** Whether UNIT expects its configuration refused: its name, its condition, its requirement or one of its Thens says so. */
export function statesRefusal(unit: ScenarioUnit): boolean {
  if ([unit.name, unit.condition ?? '', unit.requirement].some(saysRefusal)) return true;
  let keyword: string | null = null;
  return unit.steps.some((step) => (keyword = stepKeyword(step.keyword, keyword)) === 'Then' && saysRefusal(step.text));
}

const YAML_BLOCK = /^ya?ml$/i;
/** A stop-hook configuration's top key, as the executor reads it. */
const STOP_KEY = /^stop:/m;

/** The scenario's configuration: its first YAML block, when its top level is a stop-hook configuration (`stop:`). */
export function configurationBlock(unit: ScenarioUnit): CodeRef | null {
  const yaml = unit.configs.find((c) => YAML_BLOCK.test(c.lang ?? '')) ?? null;
  return yaml && STOP_KEY.test(yaml.text) ? yaml : null;
}

/** A mistake in how a scenario gives its configuration, at the line that makes it. */
export interface ConfigurationMistake {
  line: number;
  message: string;
}

/**
 * Where the scenario UNIT's YAML blocks do not give the one configuration its run is of: a second
 * `stop:` block (the run is of one configuration: the first would silently win over the one a
 * reader takes as the last word), or a first block whose top key is a slip of `stop:` (`stops:`,
 * `Stop:`), where the scenario does not say it is refused: the executor would refuse it for a slip.
 */
export function configurationMistakes(unit: ScenarioUnit): ConfigurationMistake[] {
  const yaml = unit.configs.filter((c) => YAML_BLOCK.test(c.lang ?? ''));
  const configurations = yaml.filter((c) => STOP_KEY.test(c.text));
  const mistakes = configurations.slice(1).map((block) => ({
    line: block.line,
    message: `scenario '${unit.name}' gives a second configuration (the YAML block at line ${block.line}) after the one at line ${configurations[0].line}: a scenario runs one configuration, and only the first would be run. Give the scenario one configuration block; a configuration changed is another scenario`,
  }));
  // A block fenced in look-alike letters (`ｙａｍｌ`) reads as YAML and is none: its configuration would go unread.
  for (const block of unit.configs) {
    const seen = seenLanguage(block.lang ?? '');
    if (!YAML_BLOCK.test(block.lang ?? '') && YAML_BLOCK.test(seen) && STOP_KEY.test(block.text)) {
      mistakes.push({ line: block.line, message: `the block of scenario '${unit.name}' is fenced \`${block.lang}\`, which reads '${seen}' but is not: the executor reads no configuration from it, so none of its commands would run. Write \`${seen}\`` });
    }
  }
  const slip = yaml.length > 0 && configurations.length === 0 ? /^([A-Za-z_-]+):/m.exec(yaml[0].text)?.[1] : undefined;
  // A scenario that says its configuration is refused ("exits with 2", "unknown key") misspells the key on purpose: the
  // executor reads the block and refuses it with its own errors (no `stop:` section, an unknown key), which is its run.
  if (slip !== undefined && editDistance(slip.toLowerCase(), 'stop') <= 2 && !statesRefusal(unit)) {
    mistakes.push({ line: yaml[0].line, message: `the YAML block of scenario '${unit.name}' has the top key \`${slip}:\`, not \`stop:\`: the executor reads no configuration from it, so none of its commands would run. Write \`stop:\`` });
  }
  return mistakes;
}

/**
 * The executor's errors of the values BLOCK writes, at their lines in the document: not a key
 * it lacks (a When may give it), nor YAML that does not read (`check` says that on its own).
 */
export function refusedValues(block: CodeRef): ConfigError[] {
  const { errors, lacking } = loadConfig(block.text, { at: block });
  return errors.filter((error) => !lacking.includes(error) && error.path !== '(yaml)');
}
