// What the second round of user-seat sessions found, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin.
import t from 'tap';
import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';
import { scratchDirectory } from '../support/scratch.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

// The last step is the scenario's THEN: a scenario of Givens alone states no outcome (its verdict is skipped).
const requirement = (name: string, steps: string[]) => `### Requirement: ${name}\nIt SHALL work.\n\n#### Scenario: s\n${steps.map((step, i) => `- **${i === steps.length - 1 ? 'THEN' : 'GIVEN'}** ${step}`).join('\n')}\n`;

t.test('a steps module shared by the steps of two directories defines its steps for both, whichever loads first', async (t) => {
  const project = userProject({
    'lib/shared.mjs': "import { Given } from 'spec-run/steps';\nGiven('the shared step', function () {});\n",
    'lib/shared.cjs': "const { Given } = require('spec-run/steps');\nGiven('the required step', function () {});\n",
    'lib/shared.ts': "import { Given } from 'spec-run/steps';\nGiven('the typed step', function () { if (!this.scenario) throw new Error(); this.typed = true; });\n",
    'specs/a/steps.mjs': "import '../../lib/shared.mjs';\nimport '../../lib/shared.ts';\n",
    'specs/a/steps.cjs': "require('../../lib/shared.cjs');\n",
    'specs/b/steps.mjs': "import '../../lib/shared.mjs';\nimport '../../lib/shared.ts';\n",
    'specs/b/steps.cjs': "require('../../lib/shared.cjs');\n",
    'specs/a/a.spec.md': requirement('A', ['the shared step', 'the required step', 'the typed step']),
    'specs/b/b.spec.md': requirement('B', ['the shared step', 'the required step', 'the typed step']),
  });
  for (const args of [['specs/'], ['specs/b', 'specs/a'], ['specs/b'], ['specs/a']]) {
    const run = await project.specRun(args);
    t.equal(run.code, 0, `${args.join(' ')}: ${run.stdout.slice(-400)}`);
    t.equal(summary(run.stderr), `${args.length === 1 && args[0] !== 'specs/' ? 3 : 6} passed, 0 failed, 0 skipped, 0 todo`);
  }
  // A definition of its own matching the shared one is ambiguous in every run, not only when it runs alone.
  project.write({ 'specs/b/own.steps.mjs': "import { Given } from 'spec-run/steps';\nGiven(/^the shared step$/, function () {});\n" });
  for (const args of [['specs/'], ['specs/b']]) {
    const run = await project.specRun([...args, '--reporter', 'tap']);
    t.equal(run.code, 1, args.join(' '));
    t.match(run.stdout, /ambiguous step/);
  }
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout, /specs\/b\/b\.spec\.md:5:1: error: ambiguous step 'the shared step'/);
});

t.test('a definition in a directory whose name holds a space is named by its path, relative and not URL-encoded', async (t) => {
  const project = userProject({
    'specs/sub dir/steps.mjs': "import { Then } from 'spec-run/steps';\nThen('it fails', function () { throw new Error('boom'); });\n",
    'specs/sub dir/r.spec.md': '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **THEN** it fails\n',
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.match(run.stdout, /definition: "?specs\/sub dir\/steps\.mjs:2 it fails/);
  t.notMatch(run.stdout, /%20/, 'nor in the stack of the failure');
  t.match(run.stdout, /stack:\n\s+- at .*\(specs\/sub dir\/steps\.mjs:2:\d+\)\n\s+definition/, "the step's own frame, by its path, and none of spec-run's");
  const steps = await project.specRun(['steps', 'specs/']);
  t.match(steps.stdout, /Then\(it fails\)\s+specs\/sub dir\/steps\.mjs:2/);
});

t.test('a directory the user cannot list is an error of the run, check and --list, never a run green without its documents', async (t) => {
  const failing = requirement('Hidden', ['it fails']);
  const project = userProject({
    'specs/ok.spec.md': requirement('Fine', ['all is well']),
    'specs/hidden/h.spec.md': failing,
    'steps.mjs': "import { Given } from 'spec-run/steps';\nGiven('all is well', function () {});\nGiven('it fails', function () { throw new Error('ran'); });\n",
  });
  chmodSync(project.dir, 0o755);
  chmodSync(join(project.dir, 'specs', 'hidden'), 0o700);
  for (const args of [['specs/'], ['check', 'specs/'], ['specs/', '--list']]) {
    const run = await project.specRun(args, { asUser: 'nobody', env: { HOME: '/nonexistent' } });
    t.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    t.match(run.stderr, /spec-run: specs\/hidden: cannot read it: permission denied; the documents in it would not run/);
  }
  const named = await project.specRun(['specs/hidden/h.spec.md', '--reporter', 'tap'], { asUser: 'nobody', env: { HOME: '/nonexistent' } });
  t.equal(named.code, 1, 'the document named fails');
  t.match(named.stdout, /not ok \d+ - cannot read the file: EACCES: permission denied/, 'a permission error, not "no such file"');
  // A directory this user may list but not enter: its documents are named, and each fails.
  chmodSync(join(project.dir, 'specs', 'hidden'), 0o744);
  const listed = await project.specRun(['specs/', '--reporter', 'tap'], { asUser: 'nobody', env: { HOME: '/nonexistent' } });
  t.equal(listed.code, 1, listed.stderr);
  t.match(listed.stdout, /not ok \d+ - h\.spec\.md \(specs\/hidden\/h\.spec\.md\)/);
});

t.test('steps and snippets take the configured paths, as the run and check do; snippets of nothing write nothing', async (t) => {
  const project = userProject({
    'spec-run.config.json': '{ "paths": ["docs/"] }',
    'docs/r.spec.md': '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** x happens\n',
    'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('x happens', function () {});\n",
  });
  const steps = await project.specRun(['steps']);
  t.equal(steps.code, 0, steps.stderr);
  t.match(steps.stdout, /When\(x happens\)\s+steps\.mjs:2\n\s+used at docs\/r\.spec\.md:5/);
  const snippets = await project.specRun(['snippets']);
  t.equal(snippets.code, 0, snippets.stderr);
  t.equal(snippets.stdout, '', 'no import of nothing');
  t.match(snippets.stderr, /^0 undefined steps in 1 documents/m);
});

t.test('frontmatter values of the wrong shape fail the run as they fail check; markdown with no check fails check as the run', async (t) => {
  const project = userProject({
    'specs/ts.md': '---\ntype: verification\nname: ts\ntags: smoke\nlevel: 3\ntiming-sensitive: maybe\n---\n# Doc\n\n## check\n\n```lisp\n(assert (= 1 1))\n```\n',
    'prose/notes.md': '# Just notes\n\nHello.\n',
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1, run.stderr);
  for (const [line, message] of [[4, "frontmatter 'tags' must be a list of strings"], [5, "frontmatter 'level' must be a string"], [6, "frontmatter 'timing-sensitive' must be true, false"]] as const) {
    t.match(run.stdout, new RegExp(`not ok \\d+ - ${message}[^\\n]*\\n\\s+---\\n\\s+at: specs/ts\\.md:${line}`));
  }
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /specs\/ts\.md:4:1: error: frontmatter 'tags' must be a list of strings/);
  t.notMatch(check.stdout, /unknown frontmatter field 'timing-sensitive'/, 'a field the README documents is known');
  const prose = await project.specRun(['check', 'prose']);
  t.equal(prose.code, 2, 'check refuses what the run refuses');
  t.match(prose.stderr, /no check found in prose/);
});

t.test('OpenSpec steps that would not run (outside a scenario, or not written as steps) fail the run at their lines', async (t) => {
  const project = userProject({
    'specs/r.spec.md': '### Requirement: R\nThe thing SHALL work.\n- **WHEN** all is well\n- **THEN** it fails\n\n#### Scenario: S\n- **WHEN** all is well\n- then it fails\n',
    'steps.mjs': "import { When, Then } from 'spec-run/steps';\nWhen('all is well', function () {});\nThen('it fails', function () { throw new Error('ran'); });\n",
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok \d+ - WHEN\/THEN steps in the text of requirement 'R' stand outside any scenario/);
  t.match(run.stdout, /not ok \d+ - 'then it fails' starts with THEN but is not read as a step/);
});

t.test('OpenSpec scenarios with steps inside a Lisp verification document are an error, not dropped', async (t) => {
  const project = userProject({
    'specs/c.md': '---\ntype: verification\nname: mixed\n---\n# Doc\n\n### Requirement: R\nThe thing SHALL work.\n\n#### Scenario: S\n- **WHEN** all is well\n- **THEN** it fails\n\n## A check\n\n```lisp\n(assert (= 1 1))\n```\n',
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok \d+ - scenario 'S' has WHEN\/THEN steps, but this is a Lisp verification document[^\n]*\n\s+---\n\s+at: specs\/c\.md:10/);
  project.write({ 'specs/c.md': '---\ntype: verification\nname: w\n---\n# Doc\n\n## Sum\n\n```lisp\n(is (= 3 (+ 1 2)))\n```\n\n## Behaviour\n\n- **WHEN** the sum is computed twice\n- **THEN** it SHALL differ\n' });
  const bullets = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(bullets.code, 1, 'bullets under no scenario heading too');
  t.match(bullets.stdout, /not ok \d+ - WHEN\/THEN steps in a Lisp verification document/);
});

t.test("a definition in a document's own package is not lent to the others: FiveAM's `is` stays FiveAM's", async (t) => {
  const project = userProject({
    'pk/a.md': '---\ntype: verification\nname: a\n---\n# A\n\n## defs\n\n```lisp\n(defpackage :a-tests (:use :cl))\n(in-package :a-tests)\n(defun is (x) x)\n```\n\n## check\n\n```lisp\n(assert (a-tests::is t))\n```\n',
    'pk/b.md': '---\ntype: verification\nname: b\n---\n# B\n\n## check\n\n```lisp\n(fiveam:test b1 (is (= 1 1)))\n```\n',
  });
  for (const args of [['pk/'], ['pk/b.md']]) {
    const run = await project.specRun([...args, '--reporter', 'tap']);
    t.equal(run.code, 0, `${args.join(' ')}: ${run.stdout.slice(-600)}`);
    t.notMatch(run.stdout, /borrowed/);
  }
});

t.test('a step or a steps file in an endless synchronous loop ends the run past its limit, saying which: no hang', async (t) => {
  const spec = '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** it spins\n';
  const project = userProject({ 'specs/r.spec.md': spec, 'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('it spins', function () { while (true) {} });\n" });
  const started = Date.now();
  const run = await project.specRun(['specs/', '--timeout', '2s', '--reporter', 'tap']);
  t.equal(run.code, -1, 'ended by SIGKILL');
  t.equal(run.signal, 'SIGKILL');
  t.ok(Date.now() - started < 30_000, `ended ${Date.now() - started} ms after it started, for a 2 s limit`);
  t.match(run.stderr, /spec-run: step 'WHEN it spins' \(specs\/r\.spec\.md:5, defined at steps\.mjs:2\) has held the main thread for [\d.]+ s without returning to it, past its time limit/);
  project.write({ 'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('it spins', function () {});\nwhile (true) {}\n" });
  const load = await project.specRun(['specs/', '--timeout', '2s', '--reporter', 'tap']);
  t.equal(load.signal, 'SIGKILL');
  t.match(load.stderr, /spec-run: the top level of steps file steps\.mjs has held the main thread/);
});

t.test('SIGTERM while a steps file awaits forever at its top level stops the run at once; steps it may define are said to be unloaded', async (t) => {
  const project = userProject({
    'specs/r.spec.md': '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** all is well\n- **THEN** \n',
    'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('all is well', function () {});\n",
    // Waiting on a timer of its own, which may settle it: an await that cannot settle is refused at once.
    'hang.steps.mjs': 'await new Promise((resolve) => setTimeout(resolve, 600_000));\n',
  });
  const check = await project.specRun(['check', 'specs/', '--steps', 'steps.mjs']);
  t.match(check.stdout, /specs\/r\.spec\.md:6:1: error: a THEN step with no text: nothing says what it checks/);
  t.notMatch(check.stdout, /undefined step ''/, 'no definition to write for a step with no text');
  const started = Date.now();
  const { spawn } = await import('node:child_process');
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const child = spawn('env', ['-u', 'NODE_OPTIONS', bin, 'specs/', '--reporter', 'tap'], { cwd: project.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  setTimeout(() => child.kill('SIGTERM'), 3000);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  t.equal(code, 143, stderr);
  t.ok(Date.now() - started < 20_000, `stopped ${Date.now() - started} ms after it started, not at the load limit`);
});

t.test('the shipped word-count example passes when copied to a path with a space', async (t) => {
  const project = userProject();
  const { cpSync } = await import('node:fs');
  const copy = join(project.dir, 'with space', 'wc');
  cpSync(join(project.dir, 'node_modules', 'spec-run', 'examples', 'word-count'), copy, { recursive: true });
  const temporary = scratchDirectory('word-count-tmpdir-');
  const run = await project.specRun([], { cwd: copy, env: { TMPDIR: temporary } });
  t.equal(run.code, 0, run.stdout.slice(-800));
  t.match(summary(run.stderr), /^\d+ passed, 0 failed/);
  t.same(readdirSync(temporary), [], "the example's steps remove the files they wrote for each scenario");
});

t.test("init in a project whose configuration leaves out specs/ or steps/ says so, and promises no green run", async (t) => {
  const paths = userProject({ 'spec-run.config.json': '{ "paths": ["docs/"] }' });
  const init = await paths.specRun(['init']);
  t.match(init.stdout, /note +spec-run\.config\.json runs docs\/, not specs\/: the scaffold runs with npx spec-run specs\//);
  t.match(init.stdout, /Next: npx spec-run specs\/ +runs specs\//);
  t.notMatch(init.stdout, /both documents should pass/);
  const steps = userProject({ 'spec-run.config.json': '{ "steps": ["support/*.mjs"] }', 'support/own.mjs': 'export {};\n' });
  const again = await steps.specRun(['init']);
  t.match(again.stdout, /note +spec-run\.config\.json loads the steps support\/\*\.mjs, not steps\/project\.steps\.mjs/);
  t.notMatch(again.stdout, /both documents should pass/);
});

t.test('check says that a Lisp block in an OpenSpec scenario is data for its steps, not evaluated', async (t) => {
  const project = userProject({
    'specs/l.spec.md': '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **WHEN** all is well\n\n```lisp\n(assert (= 1 2))\n```\n',
    'steps.mjs': "import { When } from 'spec-run/steps';\nWhen('all is well', function () {});\n",
  });
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout, /specs\/l\.spec\.md:\d+:1: warning: this lisp block is data for the steps of scenario 's' \(this\.blocks\): spec-run does not evaluate it/);
});


t.test("file:LINE on a unit's heading or fence runs that unit, with the units before it in its Lisp environment: the verdict of the whole document", async (t) => {
  const project = userProject({
    'specs/registry.md': '---\ntype: verification\nname: registry\n---\n# Registry\n\n```lisp\n(defvar *registry* nil)\n```\n\n## Register\n\n```lisp\n(push :a *registry*)\n(assert (equal (quote (:a)) *registry*))\n```\n\n## Registry holds one entry\n\n```lisp\n(assert (= 1 (length *registry*)))\n```\n',
  });
  for (const line of [11, 13, 14]) {
    const run = await project.specRun([`specs/registry.md:${line}`, '--reporter', 'tap']);
    t.match(run.stdout, /^ {4}ok 1 - Register/m, `line ${line}: the unit under ## Register`);
  }
  for (const line of [18, 20, 21]) {
    const run = await project.specRun([`specs/registry.md:${line}`, '--reporter', 'tap']);
    t.match(run.stdout, /^ {4}ok 2 - Registry holds one entry/m, `line ${line}: the unit under its heading`);
    t.match(run.stdout, /^ {4}ok 1 - Register/m, `line ${line}: after the unit before it, whose environment it shares`);
    t.match(run.stdout, /# specs\/registry\.md: 1 unit before the selected ones runs too: the document's units share one Lisp environment/);
    t.equal(run.code, 0, `line ${line}: the verdict of the whole document`);
  }
  const whole = await project.specRun(['specs/registry.md', '--reporter', 'tap']);
  t.equal(whole.code, 0, 'the whole document passes');
});

t.test('a timer a passed step left, in an endless loop, ends the run past the limit, saying so: no hang', async (t) => {
  const project = userProject({
    'specs/t.spec.md': '### Requirement: R\nIt SHALL.\n\n#### Scenario: s\n- **GIVEN** a thing\n- **THEN** it works\n',
    'steps.mjs': "import { Given, Then } from 'spec-run/steps';\nGiven('a thing', function () { setTimeout(() => { while (true) {} }, 300); });\nThen('it works', function () { if (!this.scenario) throw new Error(); this.held = true; });\n",
  });
  const started = Date.now();
  // The floor set short (SPEC_RUN_HOLD_FLOOR): by default the loop would spin 30 s (test/process/hold-floor.test.ts keeps that default).
  const run = await project.specRun(['specs/', '--timeout', '2s', '--reporter', 'tap'], { env: { SPEC_RUN_HOLD_FLOOR: '3s' } });
  t.equal(run.signal, 'SIGKILL');
  t.ok(Date.now() - started < 60_000, `ended after ${Date.now() - started} ms`);
  t.match(run.stderr, /spec-run: code of the run outside any step \(a timer or an event handler a step left behind\?\) has held the main thread/);
});

t.test('a reader macro a document defines reads its later forms and blocks, and no other document', async (t) => {
  const doc = (name: string, body: string) => `---\ntype: verification\nname: ${name}\n---\n# ${name}\n\n${body}`;
  const project = userProject({
    'specs/a.md': doc('a', '## Setup\n\n```lisp\n(set-dispatch-macro-character #\\# #\\@ (lambda (s c n) (declare (ignore c n)) (list (quote quote) (read s t nil t))))\n(is (eq (quote bar) #@bar))\n```\n\n## Use\n\n```lisp\n(is (eq (quote foo) #@foo))\n```\n'),
    'specs/b.md': doc('b', '## Not here\n\n```lisp\n(signals reader-error (read-from-string "#@foo"))\n```\n'),
  });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, check.stdout);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 0, run.stdout.slice(-800));
  t.equal(summary(run.stderr), '3 passed, 0 failed, 0 skipped, 0 todo');
  // Set up with the definitions, a reader macro reads the definitions after it too.
  project.write({ 'specs/c.md': doc('c', '## Defs\n\n```lisp\n(defun read-bang (s c n) (declare (ignore c n)) (list (quote quote) (list :bang (read s t nil t))))\n(set-dispatch-macro-character #\\# #\\! (function read-bang))\n```\n\n## A function using it\n\n```lisp\n(defun bang-five () #!5)\n```\n\n## Check\n\n```lisp\n(assert (equal (quote (:bang 5)) (bang-five)))\n```\n') });
  const later = await project.specRun(['specs/c.md', '--reporter', 'tap']);
  t.equal(later.code, 0, later.stdout.slice(-800));
});

t.test('plain Given/When/Then bullets in a Lisp verification document fail at the first, not pass unread', async (t) => {
  const project = userProject({
    'specs/beh.md': '---\ntype: verification\nname: beh\n---\n# Beh\n\n## Sum\n\n```lisp\n(assert (= 3 (+ 1 2)))\n```\n\n## Behaviour\n\n- Given a list of two numbers\n- When they are summed\n- Then the result is 4\n',
  });
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok \d+ - WHEN\/THEN steps in a Lisp verification document[^\n]*\n\s+---\n\s+at: specs\/beh\.md:15/);
});
