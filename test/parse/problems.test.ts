// Bad input becomes problems with file:line, never exceptions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseFile, parseMarkdown } from '../../src/parse/index.js';
import { scratchDirectory } from '../support/scratch.js';

const only = (doc: ReturnType<typeof parseMarkdown>) => {
  if (doc.problems.length !== 1) throw new Error(`expected one problem, got ${JSON.stringify(doc.problems)}`);
  return doc.problems[0];
};

t.test('an unterminated fence at top level is reported at its opening line', async (t) => {
  const doc = parseMarkdown('open.md', '# T\n\ntext\n\n```lisp\n(+ 1 2)\n');
  const problem = only(doc);
  t.match(problem, { file: 'open.md', line: 5, severity: 'error' });
  t.match(problem.message, /never closed/);
  t.equal(doc.codeBlocks[0].text, '(+ 1 2)', 'the block still runs to the end of the file');
});

t.test('an unterminated fence inside a list item is reported', async (t) => {
  const doc = parseMarkdown('item.md', '# T\n\n1. step\n   ```lisp\n   (+ 1 2)\n\nafter\n');
  t.match(only(doc), { file: 'item.md', line: 4 });
});

t.test('closed fences are not reported: longer closing fence, tildes, list items', async (t) => {
  t.same(parseMarkdown('a.md', '~~~~\nx\n~~~~~\n').problems, []);
  t.same(parseMarkdown('b.md', '# T\n\n- item\n  ```lisp\n  (x)\n  ```\n').problems, []);
  t.same(parseMarkdown('c.md', '> ```\n> quoted\n> ```\n').problems, []);
  t.same(parseMarkdown('d.md', '```js\n``` not a close\n```\n').codeBlocks[0].text, '``` not a close');
});

t.test('broken frontmatter YAML is reported at the file line of the error', async (t) => {
  const doc = parseMarkdown('fm.md', '---\ntype: verification\nname: [oops\n---\n# T\n\ntext\n');
  const problem = only(doc);
  t.match(problem, { file: 'fm.md', line: 3, severity: 'error' });
  t.match(problem.message, /frontmatter is not valid YAML/);
  t.same(doc.metadata, {});
  t.equal(doc.title, 'T', 'the body is still read');

  const indented = parseMarkdown('fm2.md', '---\nname: x\ntags:\n  - a\n - b\n---\n# T\n');
  t.equal(only(indented).line, 5);
});

t.test('frontmatter that is not a mapping, or never closed, is reported', async (t) => {
  t.match(only(parseMarkdown('list.md', '---\n- a\n- b\n---\n# T\n')), { line: 2, message: /mapping/ });
  t.match(only(parseMarkdown('open.md', '---\ntype: verification\n# T\n')), { line: 1, message: /never closed/ });
});

t.test('bytes that are not UTF-8: the first bad byte is reported, the rest still read', async (t) => {
  const head = new TextEncoder().encode('# Title\n\nfine line\nbad: ');
  const bytes = new Uint8Array([...head, 0xc3, 0x28, 0x0a, ...new TextEncoder().encode('\n```lisp\n(ok)\n```\n')]);
  const doc = parseMarkdown('bytes.md', bytes);
  t.match(only(doc), { file: 'bytes.md', line: 4, column: 6, message: /0xc3/ });
  t.equal(doc.title, 'Title');
  t.equal(doc.codeBlocks[0].text, '(ok)');
  t.equal(doc.codeBlocks[0].textLine, 7);
});

t.test('valid multi-byte text and a byte-order mark are not problems', async (t) => {
  const text = '\ufeff---\nname: ∀ é 😀\n---\n# T\n';
  const doc = parseMarkdown('ok.md', new TextEncoder().encode(text));
  t.same(doc.problems, []);
  t.same(doc.metadata, { name: '∀ é 😀' });
});

t.test('an empty document is a problem', async (t) => {
  t.match(only(parseMarkdown('empty.md', '')), { file: 'empty.md', line: 1, message: /empty/ });
  t.match(only(parseMarkdown('blank.md', '\n  \n')), { line: 1 });
  t.match(only(parseMarkdown('fm-only.md', '---\nname: x\n---\n\n')), { line: 4, message: /empty/ });
});

t.test('a missing file gives a document with the problem, not an exception', async (t) => {
  const dir = scratchDirectory('spec-run-parse-');
  const doc = await parseFile(join(dir, 'missing.md'));
  t.match(only(doc), { file: join(dir, 'missing.md'), line: 1, message: 'no such file or directory' });
  t.same(doc.codeBlocks, []);

  const present = join(dir, 'present.md');
  writeFileSync(present, '# Here\n');
  t.same((await parseFile(present)).problems, []);
});

t.test("frontmatter in TOML's manner: a `key = value` line is named, +++ fences are an error, not prose", async (t) => {
  const slip = parseMarkdown('slip.md', '---\nname: x\ntype = "verification"\nlevel: scenario\n---\n# T\n');
  t.match(only(slip), { line: 3, message: /line 3 reads like TOML's `key = value`: YAML writes `key: value`/ });
  t.equal(slip.metadataSource, 'unreadable-frontmatter');
  const toml = parseMarkdown('toml.md', '+++\ntype = "verification"\n+++\n# T\n');
  t.match(only(toml), { line: 1, message: /TOML frontmatter \(\+\+\+\) is not read: write it as YAML between --- lines/ });
  t.equal(toml.metadataSource, 'unreadable-frontmatter');
  t.notMatch(only(parseMarkdown('plain.md', '---\nname: [oops\n---\n# T\n')).message, /TOML/, 'no TOML hint where no line reads like TOML');
  t.equal(parseMarkdown('fine.md', '---\ntype: verification\n---\n# T\n').metadataSource, 'frontmatter');
});

t.test('lone carriage returns end lines, as in markdown: the frontmatter and a code block read the same as with line feeds', async (t) => {
  const lf = '---\ntype: verification\nname: cr\n---\n# L\n\n## A\n\n```lisp\n(assert (= 1 1))\n(assert t)\n```\n';
  const cr = parseMarkdown('cr.md', lf.replaceAll('\n', '\r'));
  const reference = parseMarkdown('cr.md', lf);
  t.same(cr.problems, [], 'no problem');
  t.same(cr.metadata, { type: 'verification', name: 'cr' });
  t.same(cr.codeBlocks.map((b) => [b.line, b.text]), reference.codeBlocks.map((b) => [b.line, b.text]), 'the block at its line, its lines as written');
});

t.test('UTF-16 (with or without its mark), frontmatter below the first line, and frontmatter closed with ... each say what they are', async (t) => {
  const dir = scratchDirectory('spec-run-parse-');
  const text = '---\ntype: verification\nname: x\n---\n# X\n\n```lisp\n(assert t)\n```\n';
  const le = Buffer.from(text, 'utf16le');
  for (const [name, bytes, mark] of [['bom.md', Buffer.concat([Buffer.from([0xff, 0xfe]), le]), true], ['plain.md', le, false]] as const) {
    writeFileSync(join(dir, name), bytes);
    t.match((await parseFile(join(dir, name))).problems, [{ line: 1, message: `the file is UTF-16${mark ? ' (its byte order mark)' : ''}: spec-run reads markdown as UTF-8; save it as UTF-8` }], name);
  }
  t.match(parseMarkdown('late.md', `\n${text}`).problems, [{ line: 2, message: /^frontmatter must start on the first line of the file/ }]);
  t.match(parseMarkdown('dots.md', text.replace('name: x\n---', 'name: x\n...')).problems, [{ line: 1, message: 'frontmatter opened with --- is closed with ... (line 4), which spec-run does not read as its end: close it with a --- line' }]);
});

t.test('a NUL or another control character no text means is an error at its line and column, in a step, a Lisp string or prose alike', async (t) => {
  const step = parseMarkdown('nul.spec.md', '### Requirement: R\nThe text SHALL be kept.\n\n#### Scenario: S\n- **THEN** the text "a\0b" SHALL have 3 characters\n');
  t.match(step.problems, [{ line: 5, column: 23, severity: 'error', message: /^a NUL byte \(U\+0000\) stands in the text/ }]);
  const lisp = parseMarkdown('nul.test.md', '# T\n\n```lisp\n(assert (string= "a\0b" "a\uFFFDb"))\n```\n');
  t.match(lisp.problems, [{ line: 4, column: 20, message: /^a NUL byte/ }]);
  const bell = parseMarkdown('bell.md', 'prose \x07 here\n');
  t.match(bell.problems, [{ line: 1, column: 7, message: /^the control character U\+0007 stands in the text/ }]);
  // C1 controls (CSI, NEL) and bidirectional overrides show nothing, or reorder what is shown.
  t.match(parseMarkdown('c1.test.md', '# T\n\n```lisp\n(assert (string/= "admin" "admin\u009b"))\n```\n').problems, [{ line: 4, column: 33, message: /^the control character U\+009B stands in the text/ }]);
  t.match(parseMarkdown('nel.md', 'prose\u0085\n').problems, [{ line: 1, column: 6, message: /^the control character U\+0085/ }]);
  t.match(parseMarkdown('bidi.md', 'a \u202e b\n').problems, [{ line: 1, column: 3, message: /^the bidirectional control U\+202E stands in the text/ }]);
  t.match(parseMarkdown('isolate.md', 'a \u2066 b\n').problems, [{ message: /^the bidirectional control U\+2066/ }]);
  // Only a NUL is said to be read as U+FFFD: the others are said as what they do.
  t.match(step.problems[0].message, /\(markdown reads a NUL as U\+FFFD\)/);
  for (const other of [bell, parseMarkdown('esc.md', 'prose \x1b[31m\n'), parseMarkdown('nel.md', 'prose\u0085\n')]) {
    t.notMatch(other.problems[0].message, /NUL/, 'no NUL named for another control');
    t.match(other.problems[0].message, /an editor shows it as nothing, or reorders the text around it/);
  }
  // Tab, form feed, CR and LF are text; so are letters past U+009F and the joiners of emoji and Persian.
  t.same(parseMarkdown('fine.md', '# T\n\tindented\fpage\r\nline \u00a0\u00e9 \u{1F468}\u200d\u{1F469} \u0645\u200c\u06CC\n').problems.filter((p) => /stands in the text/.test(p.message)), []);
});
