// Document discovery through a real spec-run: links are followed, a cycle is reported
// once, a directory holding no document fails the run (exit 2) for run, --list, check and steps;
// and hostile documents fail alone at their file:line while a good one passes.
import t from 'tap';
import { execFile, execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDocuments } from '../../src/cli/discover.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(root, 'dist/src/cli/main.js');

function specRun(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GITHUB_ACTIONS: '' } }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const passing = (name: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n## Sum\n\n\`\`\`lisp\n(assert (= 3 (+ 1 2)))\n\`\`\`\n`;

t.test('links to documents and directories are followed; a cycle is reported once and not followed', async (t) => {
  const dir = t.testdir({ real: { 'a.md': passing('linked-a'), sub: { 'b.md': passing('linked-b') } }, linked: {} });
  symlinkSync(join(dir, 'real', 'a.md'), join(dir, 'linked', 'a.md'));
  symlinkSync(join(dir, 'real', 'sub'), join(dir, 'linked', 'sub'));
  symlinkSync(join(dir, 'linked'), join(dir, 'linked', 'again'));
  symlinkSync(join(dir, 'linked'), join(dir, 'linked', 'and-again'));
  const found = findDocuments([join(dir, 'linked')]);
  t.same(found.files, [join(dir, 'linked', 'a.md'), join(dir, 'linked', 'sub', 'b.md')]);
  t.same(found.cycles, [`${join(dir, 'linked', 'again')} -> ${join(dir, 'linked')}`], 'two links back, one cycle reported once');
  const run = await specRun([join(dir, 'linked'), '--reporter', 'tap']);
  t.equal(run.code, 0);
  t.match(run.stderr, /link cycle, not followed: .*linked\/again -> /);
  t.equal(run.stderr.match(/link cycle/g)?.length, 1);
  t.match(run.stderr.trimEnd().split('\n').at(-1), /^2 passed, 0 failed, 0 skipped, 0 todo$/);
});

t.test('a document reached by a link and by its own path runs once, by its own path, whichever sorts first', async (t) => {
  const dir = t.testdir({ specs: { a: {}, b: { 'x.md': passing('x') } } });
  symlinkSync('../b', join(dir, 'specs', 'a', 'link'));
  t.same(findDocuments([join(dir, 'specs')]).files, [join(dir, 'specs', 'b', 'x.md')], 'specs/a/link/x.md sorts first; specs/b/x.md is the path');
  t.same(findDocuments([join(dir, 'specs', 'a')]).files, [join(dir, 'specs', 'a', 'link', 'x.md')], 'reached only through the link, by the link');
});

t.test('a link to a document that does not exist, or a loop of links, fails as a document that cannot be read: never passed over', async (t) => {
  const dir = t.testdir({ specs: { 'real.md': passing('real') } });
  symlinkSync('../gone/missing.md', join(dir, 'specs', 'dangling.md'));
  symlinkSync('loop.md', join(dir, 'specs', 'loop.md'));
  const run = await specRun([join(dir, 'specs'), '--reporter', 'tap']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, /not ok \d+ - a link to \.\.\/gone\/missing\.md, which does not exist/);
  t.match(run.stdout, /not ok \d+ - a link that leads back to itself \(a loop of links\)/);
  t.match(run.stderr.trimEnd().split('\n').at(-1), /^1 passed, 2 failed, 0 skipped, 0 todo$/);
  const named = await specRun([join(dir, 'specs', 'dangling.md'), '--reporter', 'tap']);
  t.equal(named.code, 1, 'named alone, the same');
  t.match(named.stdout, /not ok \d+ - a link to \.\.\/gone\/missing\.md, which does not exist/);
});

t.test('a loop of links, or a link to nothing, named on the command line without a markdown name: exit 2 saying what it is, never "no such file"', async (t) => {
  const dir = t.testdir({});
  symlinkSync('x2', join(dir, 'x1'));
  symlinkSync('x1', join(dir, 'x2'));
  symlinkSync('nowhere', join(dir, 'gone'));
  const loop = await specRun([join(dir, 'x1')]);
  t.equal(loop.code, 2);
  t.match(loop.stderr, /x1: cannot read it: it is a link that leads back to itself \(a loop of links\)/);
  t.notMatch(loop.stderr, /no such file/);
  const gone = await specRun([join(dir, 'gone')]);
  t.equal(gone.code, 2);
  t.match(gone.stderr, /gone: cannot read it: it is a link to nowhere, which does not exist/);
  const missing = await specRun([join(dir, 'absent')]);
  t.equal(missing.code, 2);
  t.match(missing.stderr, /absent: no such file or directory/, 'a path that is no link is missing, as before');
});

t.test('a directory that holds no document fails run, --list, check and steps with exit 2, naming it', async (t) => {
  const dir = t.testdir({ empty: { 'notes.txt': 'no markdown here' }, full: { 'a.md': passing('full') } });
  for (const command of [[], ['--list'], ['check'], ['steps']]) {
    const run = await specRun([...command, join(dir, 'full'), join(dir, 'empty')]);
    t.equal(run.code, 2, `${command.join(' ') || 'run'}: exit 2`);
    t.match(run.stderr, new RegExp(`no document \\(\\*\\.md, \\*\\.markdown, \\*\\.mdown, \\*\\.mkd, \\*\\.mkdn\\) found in ${join(dir, 'empty')}`));
  }
  const missing = await specRun(['steps', join(dir, 'full'), join(dir, 'absent.md')]);
  t.equal(missing.code, 2, 'steps: exit 2 on a path that does not exist');
  t.match(missing.stderr, `${join(dir, 'absent.md')}: no such file or directory`);
  const steps = await specRun(['steps', join(dir, 'full')]);
  t.equal(steps.code, 0, 'steps: exit 0 on a directory with documents');
  t.match(steps.stderr, /\d+ definitions \(\d+ unused\)/, 'steps lists the definitions');
});

t.test('a named pipe or a device given as a document fails run, a line of it, check and steps with exit 2 at once, naming what it is', async (t) => {
  const dir = t.testdir({ 'a.md': passing('a') });
  execFileSync('mkfifo', [join(dir, 'pipe.md')]);
  symlinkSync('/dev/zero', join(dir, 'zero.md'));
  for (const [path, kind] of [['pipe.md', 'a named pipe \\(FIFO\\)'], ['zero.md', 'a character device']]) {
    for (const command of [[join(dir, path)], [`${join(dir, path)}:3`], ['check', join(dir, path)], ['steps', join(dir, path)]]) {
      const started = Date.now();
      const run = await specRun([...command, join(dir, 'a.md')]);
      t.equal(run.code, 2, `${command.join(' ')}: exit 2`);
      t.match(run.stderr, new RegExp(`${join(dir, path)}: cannot read it: it is ${kind}, not a regular file`));
      t.ok(Date.now() - started < 15_000, `${command.join(' ')}: at once, not reading without end`);
    }
  }
  t.same(findDocuments([dir]).files, [join(dir, 'a.md')], 'met in a directory, neither is a document');
});

t.test('deep and alias-bomb documents fail at their file:line; the good document in the same run passes', async (t) => {
  const dir = t.testdir({
    'deep.md': `---\ntype: verification\nname: deep\n---\n# Deep\n\n## Nested\n\n\`\`\`lisp\n${'('.repeat(5000)}list${')'.repeat(5000)}\n\`\`\`\n`,
    'bomb.md': `---\ntype: verification\na: &a [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 8 }, (_, i) => `b${i}: &b${i} [${Array(9).fill(i ? `*b${i - 1}` : '*a').join(', ')}]`).join('\n')}\n---\n# Bomb\n`,
    'good.md': passing('good'),
  });
  const run = await specRun([dir, '--reporter', 'tap']);
  t.equal(run.code, 1, 'failures, not a crash');
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'deep.md')}:10`), 'the deep block at its line');
  t.match(run.stdout, /forms nested more than 1000 deep/);
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'bomb.md')}:4`), 'the bomb at its first alias');
  t.match(run.stdout, /ok \d+ - good/, 'the good document passes');
  t.match(run.stderr.trimEnd().split('\n').at(-1), /^1 passed, [1-9]\d* failed, \d+ skipped, \d+ todo$/);
  const listed = await specRun(['--list', dir]);
  t.equal(listed.code, 1);
  t.match(listed.stderr, /3 documents, 1 units, \d+ problems/);
});

t.test("OpenSpec's archived changes are history: a directory searched leaves changes/archive/ out and says so; named, an archived delta runs", async (t) => {
  const delta = '## ADDED Requirements\n\n### Requirement: Legacy export\nIt SHALL export.\n\n#### Scenario: export\n- **WHEN** exported\n- **THEN** a file exists\n';
  const spec = '# calc\n\n### Requirement: Sum\nIt SHALL add.\n\n#### Scenario: small\n- **WHEN** exported\n- **THEN** a file exists\n';
  const dir = t.testdir({
    openspec: {
      specs: { calc: { 'spec.md': spec } },
      changes: { archive: { '2024-01-01-add-legacy': { specs: { calc: { 'spec.md': delta } } }, '2024-06-01-other': { specs: { calc: { 'spec.md': delta } } } } },
    },
  });
  const found = findDocuments([join(dir, 'openspec')]);
  t.same(found.files, [join(dir, 'openspec', 'specs', 'calc', 'spec.md')]);
  t.same(found.archived, [{ path: join(dir, 'openspec', 'changes', 'archive'), changes: 2 }]);
  const listed = await specRun([join(dir, 'openspec'), '--list']);
  t.match(listed.stderr, /openspec\/changes\/archive: 2 archived changes not run \(OpenSpec applied them to the specs when archiving; name a file in it to run that\)/);
  t.notMatch(listed.stdout, /Legacy export/, 'no archived requirement is counted');
  const named = findDocuments([join(dir, 'openspec', 'changes', 'archive')]);
  t.equal(named.files.length, 2, 'the archive named is searched');
});

t.test("markdown's other extensions (.markdown, .mdown, .mkd, .mkdn) are documents too, found in a directory and run by file:LINE; other files are not", async (t) => {
  const failing = passing('long-name').replace('(= 3 (+ 1 2))', '(= 4 (+ 1 2))');
  const dir = t.testdir({ specs: { 'a.md': passing('md'), 'b.markdown': failing, 'c.MDOWN': passing('mdown'), 'd.mkd': passing('mkd'), 'e.mkdn': passing('mkdn'), 'notes.txt': passing('txt'), 'f.mdx': passing('mdx') } });
  t.same(findDocuments([join(dir, 'specs')]).files.map((file) => file.slice(join(dir, 'specs').length + 1)), ['a.md', 'b.markdown', 'c.MDOWN', 'd.mkd', 'e.mkdn']);
  const run = await specRun([join(dir, 'specs')]);
  t.equal(run.code, 1, 'the failing .markdown document fails the run');
  t.match(run.stderr, /4 passed, 1 failed/);
  const byLine = await specRun([`${join(dir, 'specs', 'b.markdown')}:10`]);
  t.match(byLine.stderr, /0 passed, 1 failed/, 'file:LINE of a .markdown document selects its unit');
});
