// The command line end to end: a real spec-run process on documents written to a temp dir.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, parseTap, root, specRun, watching } from './spec-run.js';
import { checkWatchSession, editUnderWatch, WATCHED_PROJECT } from '../support/watching.js';

const good = `---
type: verification
name: arithmetic
---
# Arithmetic

## Sum

\`\`\`lisp
(assert (= 3 (+ 1 2)))
\`\`\`
`;

t.test('--help shows the commands and examples; a bad option is a usage error (exit 2)', async (t) => {
  const help = await specRun(['--help']);
  t.equal(help.code, 0);
  t.match(help.stdout, /Examples:/);
  t.match(help.stdout, /serve/);
  t.match(help.stdout, /exec/);
  const bad = await specRun(['--jobs', 'many']);
  t.equal(bad.code, 2);
  t.match(bad.stderr, /--jobs must be an integer of at least 1, got 'many'/);
  const none = await specRun(['--jobs', '0']);
  t.equal(none.code, 2, '--jobs 0 would run nothing: a usage error');
  t.match(none.stderr, /--jobs must be an integer of at least 1, got '0'/);
  const runs = await specRun(['--runs', '0']);
  t.equal(runs.code, 2, '--runs 0 would run a property not at all (it ran once): a usage error');
  t.match(runs.stderr, /--runs must be an integer of at least 1, got '0'/);
  const seed = await specRun(['--seed', '-1']);
  t.match(seed.stderr, /--seed must be a non-negative integer/, 'the other counts still take 0 and up');
  const huge = await specRun(['--seed', '99999999999999999999999']);
  t.equal(huge.code, 2, 'a seed past 2^53 would be rounded and never replay the run: refused');
  t.match(huge.stderr, /--seed must be at most 9007199254740991, got '99999999999999999999999'/);
  const expression = await specRun(['--tag', '@smoke or @slow']);
  t.equal(expression.code, 2, 'a tag expression is refused, not read as one tag');
  t.match(expression.stderr, /--tag takes one tag, got '@smoke or @slow': tag expressions \(and, or, not\) are not supported/);
  const emptyLevel = await specRun(['--level', '']);
  t.equal(emptyLevel.code, 2, 'an empty --level would select as if not given');
  t.match(emptyLevel.stderr, /--level needs a value, got an empty one/);
  const reporter = await specRun(['--reporter', 'xml']);
  t.equal(reporter.code, 2);
  const version = await specRun(['--version']);
  t.equal(version.stdout.trim(), JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version, "--version prints package.json's version");
});

t.test('bad input: each problem is a failing point at file:line, and the good document still runs', async (t) => {
  const dir = t.testdir({
    'good.md': good,
    'bad-bytes.md': Buffer.concat([Buffer.from('# Title\n\nline two\n'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]),
    'unterminated.md': '# Title\n\n```lisp\n(assert t)\n',
    'broken-frontmatter.md': '---\ntype: verification\nname: [unclosed\n---\n# T\n',
    'empty.md': '',
  });
  const run = await specRun([dir, '--reporter', 'tap']);
  t.equal(run.code, 1, 'failures make exit status 1');
  const results = await parseTap(run.stdout);
  t.equal(results.plan.end, 5, 'one subtest per document');
  t.match(run.stdout, /ok \d+ - \(= 3 \(\+ 1 2\)\)/, 'the good document ran its assertion');
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'bad-bytes.md')}:4`), 'bad bytes at their line');
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'unterminated.md')}:3`), 'unterminated fence at its opening line');
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'broken-frontmatter.md')}:\\d`), 'broken frontmatter at a line');
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'empty.md')}:1`), 'empty document');
  t.match(run.stderr, /^\d+ passed, [1-9]\d* failed, \d+ skipped, \d+ todo$/m, 'the closing summary line');
});

t.test('nothing found is a usage error: a path that does not exist, or markdown that holds no check', async (t) => {
  const dir = t.testdir({ 'good.md': good, notes: { 'readme.md': '# Notes\n\nJust prose, and a list:\n\n- one\n- two\n' } });
  const missing = await specRun([join(dir, 'good.md'), join(dir, 'missing.md')]);
  t.equal(missing.code, 2, 'a missing path exits 2, even beside a good document');
  t.match(missing.stderr, new RegExp(`${join(dir, 'missing.md')}: no such file or directory`), 'naming the path');
  t.equal(missing.stdout, '', 'and runs nothing');
  const plain = await specRun([join(dir, 'notes')]);
  t.equal(plain.code, 2, 'plain markdown with no check exits 2');
  t.match(plain.stderr, /no check found in .*notes: 1 markdown file, none a Lisp verification document .* or an OpenSpec specification/, 'saying what was expected');
  for (const command of [['--list'], ['check'], ['steps']]) {
    const run = await specRun([...command, join(dir, 'missing.md')]);
    t.equal(run.code, 2, `${command[0]} exits 2 on a missing path too`);
  }
});

t.test('a Lisp document or specification with nothing to run fails its point (exit 1), as the help says', async (t) => {
  const dir = t.testdir({
    'definitions.md': '---\ntype: verification\nname: definitions\n---\n# Only definitions\n\n```lisp\n(defun f () 1)\n```\n',
  });
  const run = await specRun([join(dir, 'definitions.md'), '--reporter', 'tap']);
  t.equal(run.code, 1, 'exit 1: a document that states it verifies and checks nothing fails');
  const tap = await parseTap(run.stdout);
  t.equal(tap.fail, 1, 'one failing point');
  t.match(run.stdout, /no checks found: this lisp document has no block or scenario that spec-run can run/);
  t.match(run.stdout, new RegExp(`at: ${join(dir, 'definitions.md')}:1`), 'at its line');
  const help = await specRun(['--help']);
  t.match(help.stdout.replace(/\s+/g, ' '), /or a Lisp document or OpenSpec specification has nothing to run: its point says why\), 2 for a usage error/, 'the help says which exit status it is');
});

t.test('--list names units with file:line and exits 1 when documents have problems', async (t) => {
  const dir = t.testdir({ 'good.md': good, 'empty.md': '' });
  const ok = await specRun(['--list', join(dir, 'good.md')]);
  t.equal(ok.code, 0);
  t.match(ok.stdout, new RegExp(`lisp-block\\s+Sum\\s+\\(${join(dir, 'good.md')}:10\\)`));
  const bad = await specRun(['--list', dir]);
  t.equal(bad.code, 1);
});

t.test('--grep selects units; a configuration file supplies default paths', async (t) => {
  const dir = t.testdir({
    'docs': { 'a.md': good, 'b.md': good.replace('## Sum', '## Product').replace('(= 3 (+ 1 2))', '(= 6 (* 2 3))') },
    'spec-run.config.json': JSON.stringify({ paths: ['docs'] }),
  });
  const run = await specRun(['--reporter', 'tap', '--grep', 'product'], dir);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stdout, /\(= 6 \(\* 2 3\)\)/);
  t.notMatch(run.stdout, /\(= 3 \(\+ 1 2\)\)/);
  t.match(run.stderr, /^1 passed, 0 failed, 0 skipped, 0 todo$/m);
});

t.test('runtime from the configuration: the documents run against an MCP server given as a command line', async (t) => {
  const dir = t.testdir({
    'docs': {
      'session.md': `---
type: verification
name: external-runtime
---
# External runtime

\`\`\`lisp
(let ((session (make-test-session)))
  (assert (search "=> 6" (result-content-text (evaluate-in-session session "(* 2 3)"))))
  (cleanup-test-session session))
\`\`\`
`,
    },
  });
  const log = join(dir, 'starts.log');
  // spec-run's own server, started as any external server would be; the wrapper leaves a trace of each start.
  const runtime = ['sh', '-c', `echo start >> '${log}'; exec '${process.execPath}' '${cli}' serve`];
  const config = join(dir, 'spec-run.config.json');
  writeFileSync(config, JSON.stringify({ paths: ['docs'], runtime }));
  const run = await specRun(['--reporter', 'tap'], dir);
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /^1 passed, 0 failed, 0 skipped, 0 todo$/m);
  const starts = readFileSync(log, 'utf8').trim().split('\n');
  t.equal(starts.length, 1, 'the session was served by the configured command');
});

t.test('--watch: a run, then a run of the document that changed, each closed by its summary line', async (t) => {
  const dir = t.testdir({ 'docs': { 'a.md': good, 'b.md': good.replace('## Sum', '## Other sum') } });
  const run = watching(['docs', '--reporter', 'tap'], dir);
  await run.summaries(1);
  t.match(run.stderr(), /^2 passed, 0 failed, 0 skipped, 0 todo$/m, 'the first run: both documents');
  await new Promise((r) => setTimeout(r, 300));
  writeFileSync(join(dir, 'docs', 'b.md'), good.replace('## Sum', '## Other sum').replace('(= 3 (+ 1 2))', '(= 4 (+ 1 2))'));
  await run.summaries(2);
  await run.stop();
  const [stderr, stdout] = [run.stderr(), run.stdout()];
  t.match(stderr, /changed: docs\/b\.md\n/, 'names the changed document as the first run named it');
  t.equal(stderr.split('changed: ').length, 2, 'one run for one save');
  // The second run ran b.md alone; its summary holds every watched document: a.md's result from the first run.
  t.match(stderr.split('changed: ')[1], /^1 passed, 1 failed, 0 skipped, 0 todo$/m, 'the second summary: b.md now failing, a.md passing from the first run');
  t.match(stderr.split('changed: ')[1], /1 result is from an earlier run, not run again since\n/, 'said so, a.md failing nowhere');
  t.equal((stdout.match(/^TAP version 14$/gm) ?? []).length, 2, 'one TAP stream per run');
  t.notMatch(stdout.split(/^TAP version 14$/m)[2], /a\.md/, 'the second TAP stream: b.md alone');
});

t.test('--watch with file:LINE on a Lisp unit: after an edit, the chosen unit is followed by name, not the units that run before it; a chosen unit renamed is said gone', async (t) => {
  const two = '---\ntype: verification\nname: two\n---\n# Two\n\n## Alpha\n\n```lisp\n(assert (= 1 1))\n```\n\n## Beta\n\n```lisp\n(assert (= 2 2))\n```\n';
  const dir = t.testdir({ 'two.md': two });
  const run = watching(['two.md:16', '--reporter', 'tap'], dir);
  await run.summaries(1);
  await new Promise((r) => setTimeout(r, 300));
  writeFileSync(join(dir, 'two.md'), two.replace('## Beta', '## Beta renamed'));
  const said = /two\.md: the unit chosen by file:LINE \('Beta'\) is no longer there; nothing of it runs/;
  for (let waited = 0; waited < 100 && !said.test(run.stderr()); waited++) await new Promise((r) => setTimeout(r, 100));
  await run.stop();
  t.match(run.stderr(), said);
  t.equal((run.stdout().match(/^TAP version 14$/gm) ?? []).length, 1, 'Alpha, which ran only before Beta, is not run alone as if chosen');
});

t.test('--watch --grep: a changed document with no unit the filter selects runs nothing and says so, as a first run would refuse it', async (t) => {
  const dir = t.testdir({ 'docs': { 'a.md': good, 'b.md': good.replace('## Sum', '## Other sum') } });
  const run = watching(['docs', '--grep', '^Sum$', '--reporter', 'tap'], dir);
  await run.summaries(1);
  await new Promise((r) => setTimeout(r, 300));
  writeFileSync(join(dir, 'docs', 'b.md'), `${good.replace('## Sum', '## Other sum')}\n`);
  const said = /--grep '\^Sum\$' selects no unit of the 1 document with 1 unit \(see spec-run --list\); nothing runs/;
  for (let waited = 0; waited < 100 && !said.test(run.stderr()); waited++) await new Promise((r) => setTimeout(r, 100));
  await run.stop();
  t.match(run.stderr(), said);
  t.equal((run.stdout().match(/^TAP version 14$/gm) ?? []).length, 1, 'no second, empty TAP stream');
});

t.test('--watch: an edited steps file is loaded anew, with the modules it imports; the documents keep the names the first run gave them', async (t) => {
  const dir = t.testdir({ specs: { 'heat.spec.md': WATCHED_PROJECT['specs/heat.spec.md'] }, steps: { 'types.mjs': WATCHED_PROJECT['steps/types.mjs'], 'heat.steps.mjs': WATCHED_PROJECT['steps/heat.steps.mjs'] } });
  checkWatchSession(t, await editUnderWatch(dir, (args) => watching(args, dir)));
});

t.test('--runs repeats the FiveAM tests of a document of type: property as of level: property, and a run with none to repeat says so', async (t) => {
  const { lispDocument } = await import('./spec-run.js');
  const counting = { Count: '(defvar *count* 0)\n(fiveam:test counted (incf *count*) (fiveam:is (plusp *count*)))', Total: '(assert (= *count* 3))' };
  const byType = lispDocument('by-type', counting).replace('type: verification', 'type: property');
  const plain = lispDocument('plain', { One: '(assert t)' });
  const dir = t.testdir({ 'by-type.md': byType, 'by-level.md': lispDocument('by-level', counting, 'level: Property\n'), 'plain.md': plain });
  for (const file of ['by-type.md', 'by-level.md']) {
    const run = await specRun([file, '--runs', '3', '--reporter', 'tap'], dir);
    t.equal(run.code, 0, `${file}: the test ran three times (${run.stdout.slice(-300)})`);
    t.notMatch(run.stderr, /repeated nothing|each runs once/);
  }
  const nothing = await specRun(['plain.md', '--runs', '3'], dir);
  t.equal(nothing.code, 0);
  t.match(nothing.stderr, /warning: --runs 3: no FiveAM test of a property document \(frontmatter level: property or type: property\) is among the units run; each runs once/);
});
