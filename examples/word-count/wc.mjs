#!/usr/bin/env node
// word-count: prints the lines, words and characters of a file, or of standard input.
//   node wc.mjs [--max-words N] [FILE]
// Exits 0; with --max-words, exits 1 and says so when the text has more words.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'max-words': { type: 'string' } } });
let text;
try {
  text = readFileSync(positionals[0] ?? 0, 'utf8');
} catch (error) {
  console.error(`word-count: cannot read ${positionals[0]}: ${error.code ?? error.message}`);
  process.exit(2);
}
const lines = text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const words = text.split(/\s+/).filter(Boolean).length;
console.log(`lines: ${lines}`);
console.log(`words: ${words}`);
console.log(`characters: ${[...text].length}`);
const max = values['max-words'];
if (max !== undefined && words > Number(max)) {
  console.error(`word-count: ${words} words, more than the ${max} allowed`);
  process.exit(1);
}
