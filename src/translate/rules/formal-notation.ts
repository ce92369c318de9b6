// A fence without a language, or in a notation that is not code, holds formal notation,
// diagrams or prose: there is nothing to execute.
import type { BlockRule } from './types.js';

const NOTATIONS = new Set([
  'text', 'txt', 'plain', 'plaintext', 'math', 'latex', 'tex', 'katex', 'ascii', 'diagram',
  'mermaid', 'bnf', 'ebnf', 'abnf', 'pseudo', 'pseudocode', 'output', 'console',
]);

export const formalNotationRule: BlockRule = (block) => {
  if (block.lang === null) return { action: 'not-run', reason: 'notation: a fence without a language holds formal notation, a diagram or sample text' };
  if (NOTATIONS.has(block.lang)) return { action: 'not-run', reason: `notation: "${block.lang}" is not a language spec-run runs` };
  return null;
};
