// Big input costs time in proportion to its size, or is refused past a documented limit
// at its file and line: a frontmatter of 100,000 keys took 76 s in the YAML parser, a
// 50 MB document 40 s and 2.5 GB, a step's 50 MB error went whole into TAP.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFile, parseMarkdown } from '../../src/parse/index.js';
import { MAX_FRONTMATTER_CHARS } from '../../src/parse/frontmatter.js';
import { MAX_DOCUMENT_BYTES, NotADocumentFile, readDocumentFile } from '../../src/parse/document-file.js';
import { project, runIn } from '../scenario/user-project.js';

t.test('a frontmatter past the limit is one error at its line, not minutes of parsing', async (t) => {
  const keys = Array.from({ length: 100_000 }, (_, i) => `key${i}: ${i}`).join('\n');
  const doc = parseMarkdown('big.md', `---\ntype: verification\n${keys}\n---\n# Big\n`);
  t.ok(keys.length > MAX_FRONTMATTER_CHARS);
  t.match(doc.problems, [{ line: 2, severity: 'error', message: /frontmatter of \d+ characters is past spec-run's limit of 65536/ }]);
});

t.test('a document past the size limit is refused at line 1', async (t) => {
  const dir = t.testdir({});
  const file = join(dir, 'huge.md');
  writeFileSync(file, `# Huge\n\n${'word '.repeat(Math.ceil(MAX_DOCUMENT_BYTES / 5) + 10)}\n`);
  const doc = await parseFile(file);
  t.match(doc.problems, [{ line: 1, severity: 'error', message: /a document of 8\.0 MiB is past spec-run's limit of 8 MiB: split it/ }]);
});

t.test('a document is read from a regular file only, to no more than the limit, however large the file says it is', async (t) => {
  const dir = t.testdir({ 'small.md': '# Small\n' });
  const sparse = join(dir, 'sparse.md');
  writeFileSync(sparse, '');
  truncateSync(sparse, 10 * 1024 * 1024 * 1024);
  const started = Date.now();
  t.throws(() => readDocumentFile(sparse), new NotADocumentFile("a document of 10240.0 MiB is past spec-run's limit of 8 MiB: split it into several documents"));
  t.ok(Date.now() - started < 1000, 'a sparse 10 GiB file is refused before it is read');
  execFileSync('mkfifo', [join(dir, 'pipe.md')]);
  t.throws(() => readDocumentFile(join(dir, 'pipe.md')), new NotADocumentFile('a named pipe (FIFO), not a regular file: a document is a markdown file'), 'a pipe with no writer: refused, not waited on');
  t.throws(() => readDocumentFile('/dev/zero'), new NotADocumentFile('a character device, not a regular file: a document is a markdown file'));
  t.equal(Buffer.from(readDocumentFile(join(dir, 'small.md'))).toString(), '# Small\n');
  // A file whose size says 0 while it holds more (as /proc's do) is read whole.
  t.match(Buffer.from(readDocumentFile('/proc/self/status')).toString(), /^Name:[\s\S]*\nPid:\s+\d+\n[\s\S]*\n$/);
  t.match((await parseFile(join(dir, 'pipe.md'))).problems, [{ line: 1, message: 'a named pipe (FIFO), not a regular file: a document is a markdown file' }]);
});

t.test('a step\'s huge error message is cut in the report, saying how much was left out', async (t) => {
  const doc = '# Loud\n\n### Requirement: Loud\nThe step SHALL fail loudly.\n\n#### Scenario: Loud\n- **WHEN** it fails with a huge message\n';
  const steps = "import { When } from 'spec-run/steps';\nWhen('it fails with a huge message', () => { throw new Error('x'.repeat(50 * 1024 * 1024)); });\n";
  const result = await runIn(project({ 'doc.md': doc, 'steps.mjs': steps }), ['--steps', 'steps.mjs', 'doc.md', '--reporter', 'tap']);
  t.equal(result.exitCode, 1);
  t.ok(result.stdout.length < 200 * 1024, `the TAP is ${result.stdout.length} characters, not 50 MB`);
  t.match(result.stdout, /… \(52363264 more characters\)/);
});

t.test('lists nested past a hundred levels are refused at the first item so deep; a hundred levels are read', async (t) => {
  const nested = (depth: number) => `# Deep\n\n${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- a\n`).join('')}`;
  const deep = parseMarkdown('deep.md', nested(1000));
  t.match(deep.problems, [{ line: 3 + 100, message: /^a line nested in 101 levels of quotes and list items \(more than 100\)/ }], 'at the line of the item 101 levels deep');
  t.same(parseMarkdown('hundred.md', nested(100)).problems, [], 'a hundred levels: no problem');
  t.same(parseMarkdown('code.md', `# Code\n\n\`\`\`\n${' '.repeat(300)}x\n\`\`\`\n`).problems, [], 'a deep indentation that is no list item: read');
});

// micromark checks every open quote and list item on every line, and keeps each check's
// events: 2 000 lines of quotes one level deeper each (4 MB) took three minutes, a line
// of 1 000 `- ` with 10 000 lines below it 8 s for 22 kB (src/parse/nesting.ts).
t.test('quotes and list items nested past a hundred levels, or deep nesting over many lines, are refused at their line before the parse; real nesting is read', async (t) => {
  const head = '# Deep\n\n';
  const progressive = Array.from({ length: 2000 }, (_, i) => `${'> '.repeat(i + 1)}q\n`).join('');
  t.match(parseMarkdown('quotes.md', head + progressive).problems, [{ line: 3 + 100, message: /^a line nested in 101 levels of quotes and list items/ }], 'quotes one level deeper each line: at the first past a hundred');
  for (const [shape, line] of [['quotes', '> '], ['items', '- '], ['items in quotes', '> - '], ['numbered items', '1. ']]) {
    const lazy = `${line.repeat(1000)}q\n${'q\n'.repeat(10_000)}`;
    t.match(parseMarkdown('lazy.md', head + lazy).problems, [{ line: 3, message: /^a line nested in \d+ levels of quotes and list items \(more than 100\)/ }], `${shape} a thousand deep on one line: at that line`);
  }
  // A hundred levels are allowed on a line, but not on thousands of lines below it.
  const deepAndLong = `${'> '.repeat(100)}q\n${'q\n'.repeat(5_000)}`;
  const refused = parseMarkdown('long.md', head + deepAndLong).problems;
  t.match(refused, [{ message: /^lines up to this one stand in so many levels of quotes and list items \(100 here,/ }], 'a hundred levels continued by 5 000 lines: refused');
  t.ok(refused[0].line > 3 && refused[0].line < 3 + 5_000, `at the line where the budget ran out (${refused[0].line})`);
  const real = `${head}> quote\n> > reply\n> > > reply to it\n\n- a\n  - b\n    - c\n      - d\n\n        code in d\n`.repeat(2_000);
  t.same(parseMarkdown('real.md', real).problems, [], '2 000 copies of quotes three deep and lists four deep: read');
  t.same(parseMarkdown('hundred.md', `${head}${'> '.repeat(100)}q\n${'q\n'.repeat(100)}`).problems, [], 'a hundred levels with a hundred lines below: read');
  t.same(parseMarkdown('fenced.md', `${head}\`\`\`\n${'> '.repeat(500)}\n\`\`\`\n`).problems, [], 'a deep line in fenced code: read');
});

t.test('a paragraph continued lazily below a list item or quote for thousands of lines is refused where its lazy lines begin; a thousand are read', async (t) => {
  for (const [shape, start] of [['list item', '- **THEN** the log is:'], ['quote', '> the log:'], ['nested item', '- a\n  - b']]) {
    const lines = start.split('\n').length;
    t.match(parseMarkdown('lazy.md', `# Log\n\n${start}\n${'log line\n'.repeat(3_000)}`).problems, [{ line: 3 + lines, message: /^a paragraph continues a quote or list item lazily/ }], `3 000 lines below a ${shape}: at the first`);
    t.same(parseMarkdown('lazy.md', `# Log\n\n${start}\n${'log line\n'.repeat(1_000)}`).problems, [], `1 000 lines below a ${shape}: read`);
  }
  t.match(parseMarkdown('many.md', `# Log\n\n${`- log:\n${'line\n'.repeat(1_500)}\n`.repeat(20)}`).problems, [{ message: /^paragraphs up to this one continue a quote or list item lazily/ }], 'twenty paragraphs of 1 500 lazy lines: refused');
  t.same(parseMarkdown('indented.md', `# Log\n\n- log:\n${'  line\n'.repeat(3_000)}`).problems, [], 'the same lines indented under their item: read');
});

t.test('backquote runs that close no code span, so many that micromark would scan their paragraph to its end for each, are refused at their line; code spans by the thousand are read', async (t) => {
  const unclosed = (runs: number) => Array.from({ length: runs }, (_, i) => `${'`'.repeat(i + 1)}a `).join('');
  t.match(parseMarkdown('ticks.md', `# D\n\nprose\n\n${unclosed(1000)}\n`).problems, [{ line: 5, message: /^paragraphs up to this one hold runs of backquotes that close no code span/ }], '1 000 runs of different lengths: refused at their line');
  t.same(parseMarkdown('few.md', `# D\n\n${unclosed(100)}\n`).problems, [], 'a hundred: read');
  t.same(parseMarkdown('spans.md', `# D\n\n${'- use `x` and ``y`` here\n'.repeat(5_000)}\n${'`a` '.repeat(1_400)}\n`).problems, [], 'closed code spans by the thousand: read');
});

// micromark's time for these grew with the square of their items (10 000 items with a sub-item
// each: 43 s): it is linear now (src/parse/linear-edit-map.ts, figures in bench/lists.ts).
t.test('lists of items with sub-items, quotes in items and lists in quotes are read whole, not refused', async (t) => {
  const items = 2_000;
  for (const [shape, item] of [['sub-items', '- a\n  - b\n'], ['quotes in items', '- a\n  > b\n'], ['lists in a quote', '> - a\n>   - b\n']]) {
    const doc = parseMarkdown('list.md', `# Notes\n\n${item.repeat(items)}`);
    t.same(doc.problems, [], `${shape}: read, no problem`);
    const list = doc.sections[0].content.find((block) => block.type === 'list');
    t.equal(list?.type === 'list' && list.items.length, items, `${shape}: every item`);
    t.equal(list?.type === 'list' && list.items.at(-1)!.line, 3 + 2 * (items - 1), `${shape}: the last item at its line`);
  }
});

t.test("a paragraph with a thousand '[' open at once, or a thousand ']' closing no inline link, is refused at the line its brackets begin; links by the thousand, fenced code, or brackets spread over paragraphs are read", async (t) => {
  const open = /^a paragraph with 1000 '\[' open at once \(nested, or never closed\)/;
  const unlinked = /^a paragraph with 1000 '\]' that close no inline link/;
  t.match(parseMarkdown('nested.md', `# D\n\nSome prose.\n${'['.repeat(50000)}x${']'.repeat(50000)}\n`).problems, [{ line: 4, message: open }]);
  t.match(parseMarkdown('unclosed.md', `# D\n\n${'[a '.repeat(50000)}\n`).problems, [{ line: 3, message: open }]);
  t.match(parseMarkdown('over-lines.md', `# D\n\nprose\n${'[[[[[\n'.repeat(200)}`).problems, [{ line: 4, message: open }], 'nested over the lines of one paragraph');
  t.match(parseMarkdown('siblings.md', `# D\n\n${'[x] '.repeat(1000)}\n`).problems, [{ line: 3, message: unlinked }]);
  t.match(parseMarkdown('closers.md', `# D\n\n${'a] '.repeat(1000)}\n`).problems, [{ line: 3, message: unlinked }]);
  t.match(parseMarkdown('unfinished.md', `# D\n\n${'[a](b '.repeat(1000)}\n`).problems, [{ line: 3, message: unlinked }], 'a link whose (url) is never closed is no link');
  const notATable = `# D\n\na | b\n--- | --- | ---\n${'[\n'.repeat(1000)}`;
  t.match(parseMarkdown('not-a-table.md', notATable).problems, [{ line: 5, message: open }], 'rows under a delimiter row of other cells are one paragraph');
  const links = Array.from({ length: 1000 }, (_, i) => `- [RFC ${i}](https://www.rfc-editor.org/rfc/rfc${i})`).join('\n');
  t.same(parseMarkdown('list.md', `# D\n\n## References\n\n${links}\n`).problems, [], 'a list of a thousand links: read');
  const tasks = Array.from({ length: 1000 }, (_, i) => `- [ ] task ${i}`).join('\n');
  t.same(parseMarkdown('tasks.md', `# D\n\n${tasks}\n`).problems, [], 'a thousand task list items: read');
  const numbered = Array.from({ length: 1000 }, (_, i) => `${i + 2}. [RFC ${i}][rfc]`).join('\n');
  t.same(parseMarkdown('numbered.md', `# D\n\n${numbered}\n\n[rfc]: https://www.rfc-editor.org\n`).problems, [], 'a numbered list of a thousand reference links: read');
  t.match(parseMarkdown('lazy.md', `# D\n\nprose\n${numbered}\n`).problems, [{ line: 4, message: unlinked }], 'items numbered past 1 right below a paragraph are its lazy lines');
  const rows = Array.from({ length: 1200 }, (_, i) => `| ${i} | [RFC ${i}] |`).join('\n');
  t.same(parseMarkdown('table.md', `# D\n\n| n | link |\n| - | - |\n${rows}\n`).problems, [], 'a table of 1200 rows, a bracket in each: read');
  t.same(parseMarkdown('inline.md', `# D\n\n${'[a](b) '.repeat(2000)}\n`).problems, [], 'inline links by the thousand in one paragraph: read');
  t.same(parseMarkdown('code.md', `# D\n\n\`\`\`json\n${'['.repeat(5000)}${']'.repeat(5000)}\n\`\`\`\n`).problems, [], 'in fenced code: read');
  t.same(parseMarkdown('spread.md', `# D\n\n${'[x]\n\n'.repeat(1500)}`).problems, [], 'one to a paragraph: read');
  const nearLimit = (n: number) => `${'['.repeat(999)}x${']'.repeat(999)}\n\n`.repeat(n);
  t.same(parseMarkdown('a-few.md', `# D\n\n${nearLimit(5)}`).problems, [], 'a few paragraphs just under the limit: read');
  t.match(parseMarkdown('many.md', `# D\n\n${nearLimit(100)}`).problems, [{ line: 3 + 2 * 5, message: /^paragraphs up to this one hold so many brackets/ }], 'a hundred of them: refused at the sixth, which passes what a document may cost (each costs its 999 open and its 999 closing no link)');
});

t.test("link reference definitions by the thousand, and ']' closing references to labels the document defines, are read; references to labels it does not define are refused as before", async (t) => {
  const unlinked = /^a paragraph with 1000 '\]' that close no inline link/;
  const definitions = (n: number) => Array.from({ length: n }, (_, i) => `[k${i}]: http://e/${i}`).join('\n');
  t.same(parseMarkdown('definitions.md', `# D\n\nprose\n\n${definitions(1200)}\n`).problems, [], '1200 definitions: read');
  t.same(parseMarkdown('indented.md', `# D\n\n${definitions(1200).replace(/^/gm, '   ')}\n`).problems, [], 'indented by three: read');
  const list = Array.from({ length: 1500 }, (_, i) => `- [r${i}][k${i}]`).join('\n');
  t.same(parseMarkdown('reference-list.md', `# D\n\n${list}\n\n${definitions(1500)}\n`).problems, [], 'a list of 1500 reference links, then their definitions: read');
  for (const [form, reference] of [['full', (i: number) => `[t ${i}][K${i}]`], ['collapsed', (i: number) => `[k${i}][]`], ['shortcut', (i: number) => `[k${i}]`]] as const) {
    const paragraph = Array.from({ length: 2000 }, (_, i) => reference(i)).join(' ');
    t.same(parseMarkdown(`${form}.md`, `# D\n\n${paragraph}\n\n${definitions(2000)}\n`).problems, [], `${form} references to defined labels in one paragraph: read`);
  }
  const defined = `\n\n${definitions(1)}\n`;
  t.match(parseMarkdown('undefined.md', `# D\n\n${'[x] '.repeat(1000)}${defined}`).problems, [{ line: 3, message: unlinked }], 'shortcuts to labels not defined');
  t.match(parseMarkdown('undefined-label.md', `# D\n\n${'[k0][x] '.repeat(1000)}${defined}`).problems, [{ line: 3, message: unlinked }], 'a full reference to a label not defined');
  t.match(parseMarkdown('in-paragraph.md', `# D\n\nprose\n${definitions(1000)}\n\n${'[k1] '.repeat(1000)}\n`).problems, [{ line: 4, message: unlinked }], 'definitions right below a paragraph line are its text, defining nothing');
  t.match(parseMarkdown('fenced.md', `# D\n\n${'[k0] '.repeat(1000)}\n\n\`\`\`\n${definitions(1)}\n\`\`\`\n`).problems, [{ line: 3, message: unlinked }], 'a definition in fenced code defines nothing');
});

t.test('a paragraph of 3000 inline marks of any kind is refused at its line, and paragraphs that cost too much together; marks spread over paragraphs, list items, table rows or fenced code are read', async (t) => {
  const many = /^a paragraph with 3000 inline marks/;
  for (const mark of ['*a*', '_a_', '~a~', '`c`', '&amp;', '\\*', '<http://x.y>', 'http://e.com', 'www.e.com', '[a](b)', '**b**']) {
    t.match(parseMarkdown('marks.md', `# D\n\nprose\n${`${mark} word `.repeat(3000)}\n`).problems, [{ line: 4, message: many }], `${mark} by the thousand in one paragraph`);
  }
  t.same(parseMarkdown('runs.md', `# D\n\n${'x'.repeat(10)}${'*'.repeat(20_000)}\n`).problems, [], 'one run of stars is one mark');
  t.same(parseMarkdown('words.md', `# D\n\n${'snake case words and plain prose '.repeat(20_000)}\n`).problems, [], 'plain words by the hundred thousand: read');
  const items = Array.from({ length: 4000 }, (_, i) => `- \`item_${i}\` is *kept*`).join('\n');
  t.same(parseMarkdown('items.md', `# D\n\n${items}\n`).problems, [], 'marks one list item at a time: read');
  const rows = Array.from({ length: 4000 }, (_, i) => `| \`k${i}\` | *v* |`).join('\n');
  t.same(parseMarkdown('rows.md', `# D\n\n| k | v |\n| - | - |\n${rows}\n`).problems, [], 'marks one table row at a time: read');
  t.same(parseMarkdown('fenced.md', `# D\n\n\`\`\`\n${'*a* '.repeat(20_000)}\n\`\`\`\n`).problems, [], 'in fenced code: read');
  const paragraph = `${'*a* '.repeat(500)}\n\n`;
  t.same(parseMarkdown('a-few.md', `# D\n\n${paragraph.repeat(20)}`).problems, [], 'twenty paragraphs of a thousand marks: read');
  t.match(parseMarkdown('many.md', `# D\n\n${paragraph.repeat(200)}`).problems, [{ line: 3 + 2 * 89, message: /^paragraphs up to this one hold so many inline marks/ }], 'two hundred of them: refused at the ninetieth, past what a document may cost');
});
