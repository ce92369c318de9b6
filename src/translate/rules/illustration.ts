// Blocks under a heading or label that announces an illustration are shown, not run:
// they describe what must not happen or how the system under test is built. A block
// that states checks is run wherever it stands.
import type { CodeBlock } from '../../model/document.js';
import { holdsChecks } from '../lisp-definitions.js';
import { scanForms } from '../lisp-forms.js';
import { jsonRule } from './json.js';
import { LISP_LANGUAGES } from './lisp-code.js';
import type { BlockRule } from './types.js';
import { labelText } from './types.js';

/**
 * evenWithChecks: whether a block stating checks under it is an illustration all the same. A
 * counterexample's checks show what must not hold, an implementation sketch's asserts are
 * the system's own; under "Expected output" a check is the document's.
 */
const ILLUSTRATIONS: { pattern: RegExp; why: string; evenWithChecks: boolean }[] = [
  { pattern: /\bcounter-?examples?\b/i, why: 'a counterexample shows what must not happen', evenWithChecks: true },
  { pattern: /\bimplementation (requirements?|sketch(es)?|details?|notes?)\b/i, why: 'it sketches how the system under test is built', evenWithChecks: true },
  { pattern: /\b(example|sample|expected) output( shape)?\b|\boutput shape\b/i, why: 'it shows the shape of an output', evenWithChecks: false },
  { pattern: /^returns?$/i, why: 'it shows what a call returns', evenWithChecks: false },
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
 * A heading such as "Expected output of a division by zero" may hold the very checks of
 * that output: a check dropped as an illustration let the run pass without it.
 */
export const illustrationRule: BlockRule = (block) => {
  const label = labelText(block.label);
  const places = [...block.headingPath.map((text) => ({ text, what: 'heading' })), ...(label ? [{ text: label, what: 'label' }] : [])];
  // The innermost place decides, so "Counterexample" under "Verification" still counts.
  for (const place of places.reverse()) {
    const match = ILLUSTRATIONS.find((illustration) => illustration.pattern.test(place.text));
    if (match && !match.evenWithChecks && statesChecks(block)) return null;
    if (match) return { action: 'not-run', reason: `illustration: under the ${place.what} "${place.text}"; ${match.why}` };
  }
  return null;
};
