// A large document is parsed in pieces (src/parse/pieces.ts): the tree must be the one
// parsed whole, positions and all, whatever the markdown between the cuts. Generated
// documents mix every block that could stay open across a heading (fences at the top
// and in list items, HTML blocks a blank line does not end, quotes, lists with lazy
// lines, tables, frontmatter holding `#` lines, definitions), and are cut wherever the
// rule allows (pieces of one character at least).
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { cutOffsets, piecewiseTree } from '../../src/parse/pieces.js';
import { markdownParser, markdownTree } from '../../src/parse/markdown.js';

const word = fc.stringMatching(/^[a-z]{1,6}$/);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));

const block: fc.Arbitrary<string> = fc.oneof(
  words.map((text) => `${text}\n`),
  fc.tuple(fc.integer({ min: 1, max: 6 }), words).map(([depth, text]) => `${'#'.repeat(depth)} ${text}\n`),
  fc.tuple(words, words).map(([a, b]) => `- **WHEN** ${a}\n- **THEN** ${b}\n`),
  fc.tuple(words, words).map(([a, b]) => `1. ${a}\n${b}\n`),
  fc.tuple(words, words).map(([a, b]) => `- ${a}\n\n  # ${b}\n`),
  fc.tuple(fc.constantFrom('```', '~~~', '````'), words, fc.boolean()).map(([marker, text, closed]) => `${marker}lisp\n# ${text}\n\n# not a heading\n${closed ? `${marker}\n` : ''}`),
  fc.tuple(words, fc.boolean()).map(([text, closed]) => `- item\n\n  \`\`\`\n  code\n\n# ${text}\n${closed ? '  ```\n' : ''}`),
  fc.tuple(words, fc.boolean()).map(([text, closed]) => `<!--\n\n# ${text}\n${closed ? '-->\n' : ''}`),
  fc.tuple(words, fc.boolean()).map(([text, closed]) => `<pre>\n\n# ${text}\n${closed ? '</pre>\n' : ''}`),
  words.map((text) => `<div>\n${text}\n</div>\n`),
  fc.tuple(fc.constantFrom(' ', '  ', '   '), words, fc.boolean()).map(([indent, text, closed]) => `${indent}\`\`\`\n# ${text}\n\n# inside\n${closed ? `${indent}\`\`\`\n` : ''}`),
  fc.tuple(words, fc.boolean()).map(([text, closed]) => `> \`\`\`\n> # ${text}\n\n# after\n${closed ? '> ```\n' : ''}`),
  fc.tuple(words, fc.boolean()).map(([text, closed]) => `- a\n  - b\n\n    \`\`\`\n    # ${text}\n\n${closed ? '    ```\n' : ''}`),
  fc.tuple(words, fc.boolean()).map(([text, closed]) => `1. x\n\n   ~~~\n   ${text}\n\n${closed ? '   ~~~\n' : ''}\`\`\`\`\n`),
  words.map((text) => `> ${text}\n# lazy ${text}\n`),
  words.map((text) => `| a | b |\n|---|---|\n| ${text} | x |\n`),
  words.map((text) => `    # indented ${text}\n`),
  words.map((text) => `${text}\n===\n`),
  fc.constantFrom('\n', '\n\n', '---\n', '***\n'),
);

const documents = fc.tuple(fc.boolean(), fc.array(block, { minLength: 1, maxLength: 30 }), fc.constantFrom('\n', '\r\n')).map(([frontmatter, blocks, eol]) => {
  const body = blocks.join('\n');
  const text = frontmatter ? `---\ntitle: x\n\n# a comment\nname: y\n---\n\n${body}` : body;
  return eol === '\n' ? text : text.replace(/\n/g, eol);
});

t.test('a document parsed in pieces gives the tree parsed whole, positions and all', async (t) => {
  let cutSome = 0;
  fc.assert(
    fc.property(documents, (text) => {
      const parse = markdownParser(text);
      if (cutOffsets(text, 1).length > 0) cutSome += 1;
      return isDeepStrictEqual(piecewiseTree(text, parse, 1), parse(text));
    }),
    { numRuns: Number(process.env.PIECES_RUNS ?? 300) },
  );
  t.pass('every generated document gave the same tree');
  t.ok(cutSome > 50, `documents cut: ${cutSome}`);
});

t.test('where a cut could change the tree, the text is not cut', async (t) => {
  t.same(cutOffsets('[ref]: /url\n\n# a\n\n# b\n', 1), [], 'a link reference definition is seen by the whole document');
  t.same(cutOffsets('# a\r\rb\r\r# c\r', 1), [], 'lone carriage returns');
  t.same(cutOffsets('---\ntitle: x\n\n# comment\n', 1), [], 'frontmatter that never closes');
  t.same(cutOffsets('```\n\n# code\n```\n\n# heading\n', 1), [16], 'not inside a fence; after it');
  t.same(cutOffsets('<!--\n\n# hidden\n-->\n\n# shown\n', 1), [19], 'not inside a comment; after it');
});

t.test("a large document of OpenSpec scenarios parses in time linear in its size, to the tree parsed whole", async (t) => {
  const requirement = (r: number) =>
    `### Requirement: R${r}\nThe system SHALL do ${r}.\n\n` +
    Array.from({ length: 20 }, (_, c) => `#### Scenario: S${r}-${c}\n- **GIVEN** a counter at ${c}\n- **WHEN** ${c} is added\n- **THEN** the counter shows ${2 * c}\n`).join('\n') +
    '\n';
  const text = `# Big Specification\n\n## Requirements\n\n${Array.from({ length: 60 }, (_, r) => requirement(r)).join('')}`;
  t.ok(text.length > 64 * 1024, `${text.length} characters: parsed in pieces`);
  t.ok(cutOffsets(text, 16 * 1024).length > 2, 'cut');
  t.same(markdownTree(text), markdownParser(text)(text), 'the same tree as parsed whole');
});
