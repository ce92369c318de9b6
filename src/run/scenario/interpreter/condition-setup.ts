// What a scenario's condition paragraph ("When the command runs with a timeout of 1 second:")
// sets up beyond its YAML block. The interpreter applies it; the built-in expressions run the
// block as written, so a Then of theirs checked a run other than the one the scenario states.
import { parse } from 'yaml';
import type { CodeRef } from '../../../model/plan.js';
import { QUIET_YAML } from '../../../parse/yaml-options.js';
import { conditionUse, NOT_HELD, type ScenarioCondition } from './condition.js';
import { configure } from './observation.js';
import { emptySetup, type Setup } from './when.js';

/**
 * The values of the configuration SETUP describes (with the YAML block, where there is one), by
 * their paths (`stop.commands[0].timeout`): what a step changed of them is what it set. None
 * where the When contradicts the block, which the run refuses on its own.
 */
export function configuredValues(yaml: CodeRef | null, setup: Setup): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, path === '' ? key : `${path}.${key}`);
    else values.set(path, JSON.stringify(value));
  };
  try {
    walk(parse(configure(yaml, setup).text, QUIET_YAML), '');
  } catch {
    // A contradiction with the block, or a block that is no YAML: the run says so.
  }
  return values;
}

/**
 * What CONDITION says that its YAML block YAML does not set up: its reading where that changes a
 * value of the configuration (or contradicts the block), what it says beyond the block where it
 * is not read; null where it restates the block or sets nothing.
 */
export function conditionBeyondBlock(condition: ScenarioCondition, yaml: CodeRef): string | null {
  // A pre-condition is a state around the configuration, which the block as written never sets up.
  if ((condition.preconditions ?? []).length > 0) return condition.preconditions!.map((said) => `"${said.text.trim()}"`).join('; ');
  const use = conditionUse(condition);
  // Not read, it counts where it states a setting the block lacks ("with a timeout of 1 second"); what
  // else it says beyond the block (a signal, a directory) the built-in expressions may read themselves.
  if (use.kind === 'unsaid') return use.says.filter((said) => said.endsWith(NOT_HELD)).join('; ') || null;
  if (use.kind !== 'read') return null;
  const setup = emptySetup();
  for (const part of use.parts) part.apply(setup);
  // The configurations as the executor would be given them (durations said in prose are set on them, not in the text).
  const configured = (said: Setup): string | null => {
    try {
      return JSON.stringify(configure(yaml, said).config);
    } catch {
      return null; // the condition contradicts the block
    }
  };
  const said = configured(setup);
  return said === null || said !== configured(emptySetup()) ? use.parts.map((part) => part.text).join('; ') : null;
}
