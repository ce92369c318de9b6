// Writes docs/vocabulary.md from the driver's Lisp sources (run `npm run build` first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { vocabularyReference } from '../dist/src/run/lisp/reference.js';

mkdirSync('docs', { recursive: true });
writeFileSync('docs/vocabulary.md', await vocabularyReference());
console.error('wrote docs/vocabulary.md');
