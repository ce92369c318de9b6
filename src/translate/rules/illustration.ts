// Blocks under a heading or label that announces an illustration are shown, not run:
// they describe what must not happen or how the system under test is built. A block
// that states checks is run wherever it stands, under any of these: dropped, a false
// check would pass the run unseen.
import type { CodeBlock } from '../../model/document.js';
import { holdsChecks } from '../lisp-definitions.js';
import { scanForms } from '../lisp-forms.js';
import { jsonRule } from './json.js';
import { LISP_LANGUAGES } from './lisp-code.js';
import type { BlockRule } from './types.js';
import { labelText } from './types.js';

const ILLUSTRATIONS: { pattern: RegExp; why: string }[] = [
  { pattern: /\bcounter-?examples?\b/i, why: 'a counterexample shows what must not happen' },
  { pattern: /\bimplementation (requirements?|sketch(es)?|details?|notes?)\b/i, why: 'it sketches how the system under test is built' },
  { pattern: /\b(example|sample|expected) output( shape)?\b|\boutput shape\b/i, why: 'it shows the shape of an output' },
  { pattern: /^returns?$/i, why: 'it shows what a call returns' },
];

/** Whether BLOCK states checks of its own: Lisp holding a check, or a JSON request labelled Input. */
function statesChecks(block: CodeBlock): boolean {
  if (block.lang !== null && LISP_LANGUAGES.has(block.lang)) {
    try {
      return scanForms(block.text, block.textLine).forms.some((form) => holdsChecks(form.node));
    } catch {
      return false;
    }
  }
  return jsonRule(block)?.action === 'json-input';
}

/**
 * A heading such as "Expected output of a division by zero" or "Counterexample regression
 * tests" may hold the very checks of what it names: a check dropped as an illustration let
 * the run pass without it, a false one too.
 */
export const illustrationRule: BlockRule = (block) => {
  const label = labelText(block.label);
  const places = [...block.headingPath.map((text) => ({ text, what: 'heading' })), ...(label ? [{ text: label, what: 'label' }] : [])];
  // The innermost place decides, so "Counterexample" under "Verification" still counts.
  for (const place of places.reverse()) {
    const match = ILLUSTRATIONS.find((illustration) => illustration.pattern.test(place.text));
    if (match && statesChecks(block)) return null;
    if (match) return { action: 'not-run', reason: `illustration: under the ${place.what} "${place.text}"; ${match.why}` };
  }
  return null;
};
