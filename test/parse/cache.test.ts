// The parsed documents a run keeps for the next (src/parse/cache.ts): a document read
// from its entry is the one a fresh parse gives, an entry is used only for the bytes and
// the path it was made from, and an entry that is not one is parsed past.
import fc from 'fast-check';
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import t from 'tap';
import { parseFile, parseMarkdown } from '../../src/parse/index.js';
import { documentCacheDirectory, pruneEntries } from '../../src/parse/cache.js';
import { SEEDS, seedPath } from './seed-files.js';
import { scratchDirectory } from '../support/scratch.js';

const cache = scratchDirectory('spec-run-document-cache-');
process.env.SPEC_RUN_CACHE = cache;
const work = scratchDirectory('spec-run-documents-');
t.teardown(() => {
  rmSync(cache, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const entries = () => readdirSync(documentCacheDirectory());
const onlyEntry = () => join(documentCacheDirectory(), entries()[0]);

t.test('a second read of an unchanged file comes from its entry, and an edit is read anew', async (t) => {
  rmSync(documentCacheDirectory(), { recursive: true, force: true });
  const file = join(work, 'counter.spec.md');
  writeFileSync(file, '# Counter\n\n## Purpose\nCounts.\n');
  const first = await parseFile(file);
  t.same(entries().length, 1, 'the first read keeps an entry');
  // The entry doctored, its key kept: the next read can only show this title by taking the entry.
  const entry = deserialize(readFileSync(onlyEntry())) as { key: string; document: { title: string } };
  entry.document.title = 'Taken from the entry';
  writeFileSync(onlyEntry(), serialize(entry));
  t.equal((await parseFile(file)).title, 'Taken from the entry', 'the unchanged file is read from its entry');
  writeFileSync(file, '# Counter, edited\n\n## Purpose\nCounts.\n');
  const edited = await parseFile(file);
  t.equal(edited.title, 'Counter, edited', 'an edited file is parsed again');
  t.equal(first.title, 'Counter');
  t.same(entries().length, 1, 'one entry a file: the edit replaced it');
  t.same(await parseFile(file), edited, 'and the new entry gives the new document');
});

t.test('an entry is one path\'s: the same bytes elsewhere, or under another name, are parsed for that path', async (t) => {
  const text = '# Shared\n\n```lisp\n(is (= 1 1))\n```\n';
  const [a, b] = [join(work, 'a.test.md'), join(work, 'b.test.md')];
  writeFileSync(a, text);
  writeFileSync(b, text);
  t.equal((await parseFile(a)).path, a);
  t.equal((await parseFile(b)).path, b);
  t.equal((await parseFile(b)).codeBlocks[0].text, '(is (= 1 1))');
});

t.test('an entry that is not one (cut short, not V8 data) costs only the parse', async (t) => {
  rmSync(documentCacheDirectory(), { recursive: true, force: true });
  const file = join(work, 'broken-entry.spec.md');
  writeFileSync(file, '# Broken entry\n');
  const fresh = await parseFile(file);
  for (const damage of [(bytes: Buffer) => bytes.subarray(0, bytes.length >> 1), () => Buffer.from('not an entry')]) {
    writeFileSync(onlyEntry(), damage(readFileSync(onlyEntry())));
    t.same(await parseFile(file), fresh);
  }
});

t.test('every seed document read back from its entry is the document a fresh parse gives', async (t) => {
  rmSync(documentCacheDirectory(), { recursive: true, force: true });
  for (const file of SEEDS.map(seedPath)) {
    const parsed = await parseFile(file);
    t.strictSame(await parseFile(file), parsed, file);
    t.strictSame(parsed, parseMarkdown(file, readFileSync(file)), `${file}: the first read is a parse`);
  }
});

t.test('frontmatter values JSON cannot hold (infinities, NaN, -0, dates of YAML 1.1 tags) come back as they were parsed', async (t) => {
  const value = fc.constantFrom('.inf', '-.inf', '.nan', '-0', '0o17', '0x1F', '1e3', '~', 'null', '"text"', "'it''s'", '2001-12-14', '[1, .inf]', '{a: .nan}');
  await t.resolves(fc.assert(
    fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 5 }), async (values) => {
      const file = join(work, 'values.test.md');
      writeFileSync(file, `---\ntype: verification\n${values.map((v, i) => `k${i}: ${v}`).join('\n')}\n---\n# Values\n\n\`\`\`lisp\n(is t)\n\`\`\`\n`);
      const parsed = await parseFile(file);
      // Deep strict equality tells -0 from 0 and takes NaN for NaN.
      return isDeepStrictEqual(await parseFile(file), parsed);
    }),
    { numRuns: 40 },
  ));
});

t.test('past its most entries, the directory keeps the newest written', async (t) => {
  const directory = scratchDirectory('spec-run-entries-');
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  const names = Array.from({ length: 12 }, (_, i) => `entry-${String(i).padStart(2, '0')}`);
  names.forEach((name, i) => {
    writeFileSync(join(directory, name), '');
    utimesSync(join(directory, name), 1000 + i, 1000 + i);
  });
  pruneEntries(directory, 20);
  t.same(readdirSync(directory).sort(), names, 'within the limit, nothing is removed');
  pruneEntries(directory, 10);
  t.same(readdirSync(directory).sort(), names.slice(4), 'past it, the oldest go until a fifth of the limit is free');
});

t.test('a cache directory that cannot be reached (here: a path through a file) costs only the parse, and fails nothing', async (t) => {
  const blocker = join(work, 'a-file');
  writeFileSync(blocker, '');
  const file = join(work, 'unreachable-cache.spec.md');
  writeFileSync(file, '# Unreachable cache\n');
  process.env.SPEC_RUN_CACHE = join(blocker, 'cache');
  t.teardown(() => void (process.env.SPEC_RUN_CACHE = cache));
  t.equal((await parseFile(file)).title, 'Unreachable cache');
  t.equal((await parseFile(file)).title, 'Unreachable cache', 'and again, with nothing kept');
});
