// Properties of the parse stage on generated markdown.
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { stringify } from 'yaml';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { parseMarkdown } from '../../src/parse/index.js';
import { markdownTree } from '../../src/parse/markdown.js';

/** Words that cannot start markdown syntax. */
const word = fc.stringMatching(/^[a-z]{1,8}$/);
const prose = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
/** Code lines: no fence characters, so no line can close a fence; leading spaces and blank lines allowed. */
const codeLine = fc.stringMatching(/^ {0,3}[a-z0-9()";:'#|\\ ]{0,30}$/).map((line) => line.trimEnd());

interface FencePiece {
  kind: 'fence';
  fenceChar: '`' | '~';
  fenceLength: number;
  lang: string | null;
  body: string[];
  /** Top level with 0-3 spaces of indentation, or the body of an ordered or bullet list item. */
  container: { type: 'top'; indent: number } | { type: 'ordered' | 'bullet'; lead: string };
}
type Piece = FencePiece | { kind: 'prose'; text: string } | { kind: 'heading'; depth: number; text: string };

const fence: fc.Arbitrary<FencePiece> = fc.record({
  kind: fc.constant('fence' as const),
  fenceChar: fc.constantFrom('`' as const, '~' as const),
  fenceLength: fc.integer({ min: 3, max: 5 }),
  lang: fc.option(fc.constantFrom('lisp', 'json', 'yaml', 'Common-Lisp', 'text'), { nil: null }),
  body: fc.array(codeLine, { maxLength: 5 }),
  container: fc.oneof(
    fc.record({ type: fc.constant('top' as const), indent: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ type: fc.constantFrom('ordered' as const, 'bullet' as const), lead: prose }),
  ),
});
const piece: fc.Arbitrary<Piece> = fc.oneof(
  fence,
  prose.map((text) => ({ kind: 'prose' as const, text })),
  fc.record({ kind: fc.constant('heading' as const), depth: fc.integer({ min: 1, max: 4 }), text: prose }),
);

/** Renders the pieces, returning the markdown and, per fence, the expected line of its first text line. */
function render(pieces: Piece[]): { markdown: string; expected: { textLine: number; fence: FencePiece }[] } {
  const lines: string[] = [];
  const expected: { textLine: number; fence: FencePiece }[] = [];
  let afterListItem = false;
  for (const p of pieces) {
    // An indented fence right after a list item would continue that item: end the list first.
    if (afterListItem && p.kind === 'fence' && p.container.type === 'top') lines.push('end of list', '');
    afterListItem = p.kind === 'fence' && p.container.type !== 'top';
    if (p.kind === 'prose') lines.push(p.text);
    else if (p.kind === 'heading') lines.push(`${'#'.repeat(p.depth)} ${p.text}`);
    else {
      const marker = p.fenceChar.repeat(p.fenceLength);
      let indent: string;
      if (p.container.type === 'top') indent = ' '.repeat(p.container.indent);
      else {
        const bullet = p.container.type === 'ordered' ? '1. ' : '- ';
        lines.push(`${bullet}${p.container.lead}`);
        indent = ' '.repeat(bullet.length);
      }
      lines.push(`${indent}${marker}${p.lang ?? ''}`);
      expected.push({ textLine: lines.length + 1, fence: p });
      // Body lines carry the container's indentation, which the parser removes again.
      for (const line of p.body) lines.push(line === '' ? '' : `${indent}${line}`);
      lines.push(`${indent}${marker}`);
    }
    lines.push('');
  }
  return { markdown: lines.join('\n'), expected };
}

t.test('N generated fences give N blocks with their text, language and first text line', async (t) => {
  fc.assert(
    fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (pieces) => {
      const { markdown, expected } = render(pieces);
      const doc = parseMarkdown('gen.md', markdown);
      if (doc.codeBlocks.length !== expected.length) return false;
      return expected.every(({ textLine, fence }, i) => {
        const block = doc.codeBlocks[i];
        return (
          block.index === i &&
          block.textLine === textLine &&
          block.line === textLine - 1 &&
          block.text === fence.body.join('\n') &&
          block.lang === (fence.lang === null ? null : fence.lang.toLowerCase()) &&
          block.inListItem === (fence.container.type !== 'top') &&
          doc.problems.length === 0
        );
      });
    }),
    { numRuns: 300 },
  );
  t.pass('property held');
});

t.test('a block in a list item is labelled by the item lead; a top-level one by the paragraph before it', async (t) => {
  fc.assert(
    fc.property(prose, prose, (lead, before) => {
      const doc = parseMarkdown('label.md', `${before}\n\n1. ${lead}\n   \`\`\`lisp\n   (x)\n   \`\`\`\n\n${before}\n\`\`\`\n(y)\n\`\`\`\n`);
      return doc.codeBlocks[0].label === lead && doc.codeBlocks[1].label === before;
    }),
  );
  t.pass('property held');
});

const key = fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/);
const scalar = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
const metadata = fc.dictionary(key, fc.oneof(scalar, fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 })), { minKeys: 1, maxKeys: 8, noNullPrototype: true });

t.test('frontmatter round trip: metadata written as YAML frontmatter is read back equal', async (t) => {
  fc.assert(
    fc.property(metadata, (data) => {
      const doc = parseMarkdown('fm.md', `---\n${stringify(data)}---\n\n# Title\n`);
      return isDeepStrictEqual(doc.metadata, data) && doc.problems.length === 0 && doc.metadataSource === 'frontmatter' && doc.title === 'Title';
    }),
    { numRuns: 200 },
  );
  t.pass('property held');
});

// markdownTree leaves GFM out of a text with nothing GFM could read: what it gives must
// be remark with GFM's tree, positions and all, for any text.
const remarkWithGfm = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm);
/** Pieces of markdown, GFM's among them, and near misses of GFM's (`: -`, `ww.`, `http:/`). */
const markdownPiece = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('a', 'b', 'w', 'h', 'x', 'X', 'ww', 'http', 'https', 'mailto', ' ', '  ', '    ', '\t', '\n', '\n\n', '-', '--', '---', ':', ': ', '/', '.', '*', '**', '_', '`', '```', '#', '>', '1.', ')', '(', '!', '\\', '<', '=', '+', '"', '&amp;') },
  { weight: 1, arbitrary: fc.constantFrom('|', '~', '~~', '[', ']', '^', '@', 'www.', 'http://', ':-', '-:') },
);
const markdownText = fc.array(markdownPiece, { maxLength: 40 }).map((pieces) => pieces.join(''));

t.test('the tree of any text is remark with GFM\'s, positions and all', async (t) => {
  const examples = ['a\n:-\n', 'a\n-:\n', 'a b\n: --\nc\n', 'see www.example.org', 'mail a@b.co', 'HTTPS://X.ORG/a_b_', 'x ~~y~~', '- [ ] task', '- [x] done', 'n[^1]\n\n[^1]: f', '| a |\n| - |', 'a\n-\n', 'a\n: -\n', 'www\\.', ' www\\.a', 'http\\://x.org', 'https:/\\/x.org'];
  for (const text of examples) t.ok(isDeepStrictEqual(markdownTree(text), remarkWithGfm.parse(text)), JSON.stringify(text));
  fc.assert(
    fc.property(markdownText, (text) => isDeepStrictEqual(markdownTree(text), remarkWithGfm.parse(text))),
    { numRuns: 2000 },
  );
});
