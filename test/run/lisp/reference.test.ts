// docs/vocabulary.md is what `npm run vocabulary` generates from the driver's sources,
// and every exported name of the vocabulary has a docstring there.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { vocabularyReference } from '../../../src/run/lisp/reference.js';
import { exportGroups } from '../../../src/run/lisp/vocabulary-names.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

t.test('docs/vocabulary.md is up to date (regenerate it with npm run build && npm run vocabulary)', async (t) => {
  const generated = await vocabularyReference();
  t.equal(readFileSync(join(root, 'docs', 'vocabulary.md'), 'utf8'), generated);
  t.notMatch(generated, /\*missing\*/, 'every exported name is defined in the driver');
  const undocumented = [...generated.matchAll(/### `([^`]*)`\n\n\*(function|macro|variable)\*\n/g)].map((m) => m[1]);
  t.same(undocumented, [], 'every exported name has a docstring');
});

t.test('export groups: each run of ";;" comments of the export list opens a group of the names after it, titled by its first line', async (t) => {
  const source = `(defpackage #:spec-run\n  (:use #:cl)\n  (:export\n   ;; first group\n   ;; Its names have this\n   ;; in common.\n   #:a #:b\n   ;; second\n   #:c))\n(defpackage #:other (:export #:z))`;
  t.same(exportGroups(source), [
    { title: 'first group', description: 'Its names have this in common.', names: ['a', 'b'] },
    { title: 'second', description: '', names: ['c'] },
  ]);
});

t.test("the reference shows a group's description under its heading", async (t) => {
  const generated = await vocabularyReference();
  t.match(generated, /## Reading the text of a tool's answer\n\nEach takes the text as a string or as the response that carries it\. [^\n]+\n\n### `\(split-lines text\)`/);
});
