// Hostile documents: nesting past any stack, YAML alias bombs, generated junk. Each is a
// problem of its own document at file:line; nothing here may throw.
import fc from 'fast-check';
import t from 'tap';
import { parseMarkdown } from '../../src/parse/index.js';
import { readFrontmatter } from '../../src/parse/frontmatter.js';
import { MAX_NESTING, scanForms } from '../../src/translate/lisp-forms.js';
import { translate } from '../../src/translate/index.js';

const lispDocument = (code: string) => `---\ntype: verification\nname: hostile\n---\n# Hostile\n\n## Block\n\n\`\`\`lisp\n${code}\n\`\`\`\n`;
/** Line of the code in lispDocument. */
const CODE_LINE = 10;

const nested = (depth: number) => `${'('.repeat(depth)}list${')'.repeat(depth)}`;

/** Nine aliases per level over `levels` levels: 9^levels nodes once expanded. */
function aliasBomb(levels: number): string {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  return lines.join('\n');
}

t.test('forms nested to the limit are read; one level more is a problem at the block, not a crash', async (t) => {
  // `nested(n)` is n lists around a symbol: n + 1 forms deep.
  t.same(scanForms(nested(MAX_NESTING - 1), 3).problems, []);
  const deeper = scanForms(`(ok)\n${nested(MAX_NESTING)}`, 3);
  t.equal(deeper.forms.length, 1, 'the form before it is kept');
  t.match(deeper.problems, [{ line: 4, column: 1, message: /nested more than 1000 deep \(from the form at line 4\)/ }]);
  t.match(scanForms(`(assert ${"'".repeat(50_000)}x)`).problems, [{ line: 1, message: /nested more than 1000 deep/ }], 'quote prefixes count as nesting');
});

t.test('a document of 5,000 nested parentheses fails at its block with a clear message', async (t) => {
  const plan = translate(parseMarkdown('deep.md', lispDocument(nested(5000))));
  t.match(plan.problems, [
    { line: 1, message: /no checks found/ },
    { file: 'deep.md', line: CODE_LINE, message: /Lisp code cannot be read: forms nested more than 1000 deep/ },
  ]);
  t.equal(plan.units.length, 0);
});

t.test('a YAML alias bomb in frontmatter is reported at its first alias', async (t) => {
  const yaml = `type: verification\n${aliasBomb(8)}`;
  const read = readFrontmatter('bomb.md', yaml, 2);
  t.same(read.data, {});
  t.match(read.problems, [{ file: 'bomb.md', line: 4, message: /reading the frontmatter failed: Excessive alias count/ }]);
  const doc = parseMarkdown('bomb.md', `---\n${yaml}\n---\n# Bomb\n`);
  t.match(doc.problems, [{ line: 4, message: /alias/ }]);
});

t.test('markdown nested past the stack is a problem of its document, at the line that nests', async (t) => {
  const doc = parseMarkdown('quotes.md', `# Quotes\n\n${'> '.repeat(20_000)}deep\n`);
  // Refused before the parse (src/parse/nesting.ts), which would exhaust the stack.
  t.match(doc.problems, [{ file: 'quotes.md', line: 3, message: /^a line nested in 20000 levels of quotes and list items/ }]);
  t.same(doc.codeBlocks, []);
});

/** Pieces a hostile document is made of: each a way to push a parser to its limits. */
const hostilePiece = fc.oneof(
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `\`\`\`lisp\n${nested(depth)}\n\`\`\``),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `\`\`\`lisp\n${'('.repeat(depth)}\n\`\`\``),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'> '.repeat(depth)}x`),
  fc.integer({ min: 1, max: 80 }).map((depth) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')),
  fc.integer({ min: 1, max: 5_000 }).map((n) => `${'#'.repeat(n % 7)} ${'*'.repeat(n)}x${'_'.repeat(n)}`),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('```', '~~~~', '---', '#|', '"', '|', '```lisp\n(', '```json\n{'),
);
const hostileFrontmatter = fc.oneof(
  fc.constant('type: verification'),
  fc.integer({ min: 1, max: 9 }).map((levels) => `type: verification\n${aliasBomb(levels)}`),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `type: verification\nx: ${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.string({ maxLength: 100 }),
);

t.test('property: any generated document, however nested or large, gives a plan for itself and never throws', async (t) => {
  fc.assert(
    fc.property(hostileFrontmatter, fc.array(hostilePiece, { minLength: 1, maxLength: 6 }), (frontmatter, pieces) => {
      const markdown = `---\n${frontmatter}\n---\n# Generated\n\n${pieces.join('\n\n')}\n`;
      const lines = markdown.split('\n').length;
      const doc = parseMarkdown('gen.md', markdown);
      const plan = translate(doc);
      const problemsInFile = plan.problems.every((p) => p.file === 'gen.md' && p.line >= 1 && p.line <= lines);
      // A Lisp block nested past the limit is reported at its line, whatever else the document holds.
      const deepBlocks = plan.family === 'lisp' ? doc.codeBlocks.filter((b) => b.lang === 'lisp' && b.text.startsWith('('.repeat(MAX_NESTING + 1))) : [];
      const deepReported = deepBlocks.every((b) => plan.problems.some((p) => p.line === b.textLine && /nested more than/.test(p.message)));
      return plan.file === 'gen.md' && problemsInFile && deepReported;
    }),
    { numRuns: 60 },
  );
  t.pass('property held');
});
