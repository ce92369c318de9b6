// A plain document is read line by line (src/parse/plain-tree.ts): whenever that reading
// gives a tree, it is remark's, positions and all. Generated documents put the plain
// blocks beside lines that look plain but are not (setext underlines, lazy lines, items
// after a blank line, closing sequences, trailing blanks, emphasis that is not bold words,
// fences of other kinds); the project's documents and the corpus are held to it as well.
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { plainTree } from '../../src/parse/plain-tree.js';
import { root } from '../cli/spec-run.js';

/** remark's tree of TEXT, with GFM: markdownTree's must be it for any text (properties.test.ts). */
const remarkWithGfm = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);
const remarkTree = (text: string) => remarkWithGfm.parse(text);
/** Whether the plain reading of TEXT is none, or remark's tree. */
const agrees = (text: string) => {
  const plain = plainTree(text);
  return plain === null || isDeepStrictEqual(plain, remarkTree(text));
};

const word = fc.oneof({ weight: 8, arbitrary: fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/) }, { weight: 1, arbitrary: fc.constantFrom('é', '—', 'SHALL', '2', '1.', '3)', '(x)', 'a:b', 'x,', 'C#', '#') });
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));
/** Text with bold words, and marks that look like them. */
const inline = fc
  .array(fc.oneof({ weight: 6, arbitrary: words }, { weight: 3, arbitrary: words.map((w) => `**${w}**`) }, { weight: 1, arbitrary: fc.constantFrom('**a **', '** a**', '*a*', '**a**b', '***a***', '__a__', '`a`', '[a](b)', '&amp;', '\\*', '<b>', 'www.x.y', 'a@b.c', 'http://x.y', '~a~', 'a|b', '!') }), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(' '));
const line = fc.oneof(
  { weight: 4, arbitrary: inline },
  { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 1, max: 7 }), inline, fc.constantFrom('', '', '', ' ', ' #', '#')).map(([depth, text, end]) => `${'#'.repeat(depth)} ${text}${end}`) },
  { weight: 5, arbitrary: inline.map((text) => `- ${text}`) },
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('---', '--- ', '===', '***', '- ', '-', '* a', '+ a', '1. a', '2) a', '> a', '    code', '  a', ' - a', '  - a', '- a  ', 'a  ', 'a\\', '<div>', '| a | b |', '- [ ] a', '#a', '#  a', '[a]: b', 'a\tb', 'a\r', ':-', '-:', ': -', ':--:', '.', '(a)', '"a"', '? a', '1', '12. a') },
);
/** A fenced block, closed or not, and fences of other kinds. */
const fenced = fc
  .tuple(
    fc.constantFrom('```', '```lisp', '```lisp', '```js x', '~~~', '````', ' ```', '```{.lisp}'),
    fc.array(fc.oneof({ weight: 4, arbitrary: words }, { weight: 1, arbitrary: fc.constantFrom('', '# a', '---', '```', '````', '~~~', '  ```', '``` ', '\t(a)') }), { maxLength: 3 }),
    fc.constantFrom('```', '```', '```', '```` ', '````', '~~~', ''),
  )
  .map(([open, body, close]) => [open, ...body, close].join('\n'));
const frontmatter = fc.tuple(fc.array(fc.constantFrom('type: verification', 'a: 1', 'type: verification', '', '# x', '--- ', '...'), { maxLength: 3 }), fc.constantFrom('---', '---', '---', '--- ', '')).map(([body, close]) => ['---', ...body, close].join('\n'));
const document = fc
  .tuple(fc.option(frontmatter, { nil: undefined }), fc.array(fc.oneof({ weight: 6, arbitrary: line }, { weight: 1, arbitrary: fenced }), { minLength: 1, maxLength: 10 }), fc.boolean())
  .map(([front, lines, newline]) => `${[...(front === undefined ? [] : [front]), ...lines].join('\n')}${newline ? '\n' : ''}`);

t.test('generated documents: the plain reading is remark\'s tree whenever it gives one', async (t) => {
  let read = 0;
  fc.assert(
    fc.property(document, (text) => {
      if (plainTree(text) !== null) read += 1;
      return agrees(text);
    }),
    { numRuns: 4000 },
  );
  t.ok(read > 50, `many of them are read plainly (${read})`);
});

t.test('an OpenSpec specification of words and bold words, and a Lisp document of frontmatter and a fence, are read plainly', async (t) => {
  const specification =
    '# Counter Specification\n\n## Purpose\nA counter.\n\n## Requirements\n\n### Requirement: Counting\nThe counter SHALL add.\nIt never subtracts.\n\n#### Scenario: Adding\n- **GIVEN** a counter at 1\n- **WHEN** 2 is added\n- **THEN** the counter shows 3\n';
  const lisp = '---\ntype: verification\n---\n# Sum\n\n```lisp\n(is (= 3 (+ 1 2)))\n```\n';
  for (const text of [specification, lisp]) {
    t.not(plainTree(text), null);
    t.same(plainTree(text), remarkTree(text));
  }
});

/** The markdown files under DIRECTORY. */
function markdownFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(file).isDirectory() ? markdownFiles(file) : name.endsWith('.md') ? [file] : [];
  });
}

t.test("the project's documents and the corpus: the plain reading is remark's tree whenever it gives one", async (t) => {
  const files = ['specs', 'docs', 'examples', 'templates', 'test/fixtures', '../shared/corpus', '../shared/seed-specs'].flatMap((directory) => {
    const absolute = path.resolve(root, directory);
    return statSync(absolute, { throwIfNoEntry: false })?.isDirectory() ? markdownFiles(absolute) : [];
  });
  const differing = files.filter((file) => !agrees(readFileSync(file, 'utf8').replace(/^\ufeff/, '')));
  t.same(differing, [], `${files.length} documents`);
});
