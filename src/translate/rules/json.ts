// A JSON block labelled "Input" (or "Request") is a request the document sends: its unit
// checks that it is well-formed JSON-RPC for a tool the runtime lists. Other JSON blocks
// show responses or data shapes, which nothing in the block itself can check.
import type { BlockRule } from './types.js';
import { labelText } from './types.js';

export const JSON_LANGUAGES = new Set(['json', 'jsonc', 'json5']);

export const jsonRule: BlockRule = (block) => {
  if (block.lang === null || !JSON_LANGUAGES.has(block.lang)) return null;
  const label = labelText(block.label);
  if (label !== null && /^(input|request)\b/i.test(label)) return { action: 'json-input' };
  if (label !== null) return { action: 'not-run', reason: `JSON shape: labelled "${label}", not "Input"; it shows data rather than a request to send` };
  return { action: 'not-run', reason: 'JSON shape: no "Input" label before it; it shows data rather than a request to send' };
};
