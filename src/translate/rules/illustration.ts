// Blocks under a heading or label that announces an illustration are shown, not run:
// they describe what must not happen or how the system under test is built.
import type { BlockRule } from './types.js';
import { labelText } from './types.js';

const ILLUSTRATIONS: { pattern: RegExp; why: string }[] = [
  { pattern: /\bcounter-?examples?\b/i, why: 'a counterexample shows what must not happen' },
  { pattern: /\bimplementation (requirements?|sketch(es)?|details?|notes?)\b/i, why: 'it sketches how the system under test is built' },
  { pattern: /\b(example|sample|expected) output( shape)?\b|\boutput shape\b/i, why: 'it shows the shape of an output' },
  { pattern: /^returns?$/i, why: 'it shows what a call returns' },
];

export const illustrationRule: BlockRule = (block) => {
  const label = labelText(block.label);
  const places = [...block.headingPath.map((text) => ({ text, what: 'heading' })), ...(label ? [{ text: label, what: 'label' }] : [])];
  // The innermost place decides, so "Counterexample" under "Verification" still counts.
  for (const place of places.reverse()) {
    const match = ILLUSTRATIONS.find((illustration) => illustration.pattern.test(place.text));
    if (match) return { action: 'not-run', reason: `illustration: under the ${place.what} "${place.text}"; ${match.why}` };
  }
  return null;
};
