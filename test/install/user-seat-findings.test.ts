// What a user-seat session found, from a user's seat: spec-run packed, installed into a
// fresh project outside the repository, run through node_modules/.bin/spec-run. An
// interrupted scenario never reads as passed; a change OpenSpec cannot apply is not run;
// snippets redirected to a .mjs file load in a project with TypeScript steps; a large
// specification is read whole; definitions that do not load say so where they are missed.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userEnvironment, userProject } from '../support/installed.js';

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test('SIGINT during a scenario: the reports list it and what it did not run as skipped, never passed', async (t) => {
  const project = userProject({
    'specs/slow/spec.md': `# slow Specification\n\n## Requirements\n\n### Requirement: Slow\nThe system SHALL be slow.\n\n#### Scenario: Very slow\n- **GIVEN** a fast step\n- **WHEN** a step sleeps 60 seconds\n- **THEN** a fast step\n\n#### Scenario: After slow\n- **GIVEN** a fast step\n`,
    'steps.mjs': `import { Given, When } from 'spec-run/steps';\nGiven('a fast step', function () { if (!this.scenario) throw new Error(); this.fast = true; });\nWhen('a step sleeps {int} seconds', async function (s) { await new Promise((r) => setTimeout(r, s * 1000)); });\n`,
  });
  // As a user's Ctrl-C after a few seconds.
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const run = spawnSync('timeout', ['--preserve-status', '-s', 'INT', '4', bin, 'specs/', '--reporter', 'spec', '--reporter', 'junit-units:units.xml'], { cwd: project.dir, env: userEnvironment(), encoding: 'utf8' });
  t.equal(run.status, 130, `exit 130 (stderr: ${run.stderr.slice(-300)})`);
  t.equal(summary(run.stderr), '1 passed, 0 failed, 3 skipped, 0 todo (interrupted by SIGINT)');
  t.notMatch(run.stdout, /✔ Slow \/ Very slow/, 'the scenario cut short is not ticked');
  t.match(run.stdout, /- Slow \/ Very slow 2 of 3 checks skipped: run interrupted by SIGINT/);
  t.match(run.stdout, /- Slow \/ After slow skipped: run interrupted by SIGINT before this ran/, 'the scenario never started is listed');
  t.match(readFileSync(join(project.dir, 'units.xml'), 'utf8'), /tests="2" failures="0" skipped="2"/);
});

t.test('a change whose MODIFIED requirement names none of the spec: check says where, --change does not run it', async (t) => {
  const project = userProject({
    'openspec/specs/cart/spec.md': `# cart Specification\n\n## Purpose\nA cart.\n\n## Requirements\n\n### Requirement: Item count\nThe cart SHALL count items.\n\n#### Scenario: Empty\n- **GIVEN** an empty cart\n- **THEN** the cart SHALL contain 0 items\n`,
    'openspec/changes/ghost/proposal.md': '# Ghost\n',
    'openspec/changes/ghost/specs/cart/spec.md': `## MODIFIED Requirements\n\n### Requirement: Item counting\nThe cart SHALL count items exactly.\n\n#### Scenario: Empty\n- **GIVEN** an empty cart\n- **THEN** the cart SHALL contain 0 items\n`,
    'steps.mjs': `import { Given, Then } from 'spec-run/steps';\nGiven('an empty cart', function () { this.items = 0; });\nThen('the cart SHALL contain {int} items', function (n) { if (this.items !== n) throw new Error('wrong'); });\n`,
  });
  const check = await project.specRun(['check', 'openspec']);
  t.equal(check.code, 1);
  t.match(check.stdout, /openspec\/changes\/ghost\/specs\/cart\/spec\.md:3:1: error: MODIFIED requirement 'Item counting' names no requirement of openspec\/specs\/cart\/spec\.md \(its requirements: 'Item count'\)/);
  const run = await project.specRun(['openspec', '--change', 'ghost']);
  t.equal(run.code, 2, 'a change OpenSpec cannot archive is not run green');
  t.match(run.stderr, /--change: change 'ghost' cannot be applied as OpenSpec would apply it/);
});

t.test("snippets redirected to a .mjs file, in a project with TypeScript steps, give a file that loads", async (t) => {
  const project = userProject({
    'specs/lamp/spec.md': `# lamp Specification\n\n## Requirements\n\n### Requirement: Light\nThe lamp SHALL light.\n\n#### Scenario: On\n- **WHEN** the lamp is switched on\n- **THEN** the lamp SHALL show 3 bulbs\n`,
    'specs/lamp/lamp.steps.ts': `import { When } from 'spec-run/steps';\nWhen('the lamp is switched on', function () {});\n`,
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const written = spawnSync('sh', ['-c', `mkdir -p steps && ${JSON.stringify(bin)} snippets specs/ > steps/todo.steps.mjs`], { cwd: project.dir, env: userEnvironment(), encoding: 'utf8' });
  t.equal(written.status, 0, written.stderr);
  t.match(written.stderr, /in JavaScript \(the name of the file written\)/);
  const run = await project.specRun(['specs/', '--reporter', 'tap']);
  t.notMatch(run.stdout, /cannot load steps file/, 'the file written loads');
  t.match(run.stdout, /THEN the lamp SHALL show 3 bulbs # TODO|pending/, 'its snippet binds the step, pending until written');
});

t.test('a specification of a thousand scenarios is read whole: every scenario a unit, at its line', async (t) => {
  const scenarios = Array.from({ length: 1000 }, (_, i) => `#### Scenario: S${i}\n- **GIVEN** a counter at ${i}\n- **THEN** the counter shows ${i}\n`).join('\n');
  const project = userProject({ 'specs/big/spec.md': `# big Specification\n\n## Requirements\n\n### Requirement: Counting\nThe counter SHALL count.\n\n${scenarios}` });
  const list = await project.specRun(['--list', 'specs/']);
  t.equal((list.stdout.match(/^ +scenario +S\d+ +\(specs\/big\/spec\.md:\d+\)$/gm) ?? []).length, 1000, 'a unit per scenario');
    const line = Number(/ S999 +\(specs\/big\/spec\.md:(\d+)\)/.exec(list.stdout)?.[1]);
  t.equal(readFileSync(join(project.dir, 'specs/big/spec.md'), 'utf8').split('\n')[line - 1], '#### Scenario: S999', 'at its own line');
});

const sbcl = spawnSync('sbcl', ['--version']).status === 0;

t.test('Lisp definitions that hang: the units after them say which definitions are missing', { skip: !sbcl && 'SBCL is not installed here' }, async (t) => {
  const project = userProject({
    'specs/defs.test.md': '---\ntype: verification\n---\n# Definitions that hang\n\n## Defs\n\n```lisp\n(defun f () 1)\n(defvar *x* (loop))\n```\n\n## Uses\n\n```lisp\n(assert (= 1 (f)))\n```\n',
  });
  const run = await project.specRun(['specs/', '--timeout', '2s', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /the definitions at specs\/defs\.test\.md:9 would define f, but they did not finish within the unit time limit of 2000 ms/);
  t.notMatch(run.stdout, /Uses exceeded the unit time limit/, 'the unit is not charged the time they took');
  t.notOk(existsSync(join(project.dir, 'steps')), 'nothing else was written');
});

t.test('a second round from a user\'s seat: signals, the language server, a moved failing unit, an impossible report path, merged requirements', async (t) => {
  const project = userProject({
    'docs/of.test.md': '---\ntype: verification\nname: of\nsource: contracts/of.md\n---\n# OF\n\n## Wrong\n\n```lisp\n(format t "computing~%")\n(assert (= 4 (+ 1 2)) () "one and two make ~a" (+ 1 2))\n```\n',
  });
  const bin = join(project.dir, 'node_modules', '.bin', 'spec-run');
  const first = await project.specRun(['docs/', '--reporter', 'tap']);
  t.equal(first.code, 1);
  t.match(first.stdout, /reason: one and two make 3 \(the assertion is false/, "the assertion's own message");
  t.match(first.stdout, /printed: \|\n\s+computing\n/, 'what the unit printed');
  // The failing unit moves: a passing one is written before it.
  project.write({ 'docs/of.test.md': '---\ntype: verification\nname: of\nsource: contracts/of.md\n---\n# OF\n\n## New first\n\n```lisp\n(assert (= 2 (+ 1 1)))\n```\n\n## Wrong\n\n```lisp\n(assert (= 4 (+ 1 2)))\n```\n' });
  const again = await project.specRun(['--only-failures', '--reporter', 'tap']);
  t.equal(again.code, 1, '--only-failures runs the unit of that name, which still fails');
  t.match(again.stdout, /# Subtest: Wrong/);
  t.match(again.stdout, /# Subtest: New first[^]*# Subtest: Wrong/, 'after the unit now before it in its Lisp environment');
  const proc = await project.specRun(['docs/', '--reporter', 'junit:/proc/no-such-directory/x.xml']);
  t.equal(proc.code, 2, 'a report path that cannot be made is refused');
  t.match(proc.stderr, /cannot write \/proc\/no-such-directory\/x\.xml/);
  // The language server, its input closed with a session open, and check sent SIGINT, end.
  const lsp = spawnSync('sh', ['-c', `(printf 'Content-Length: 75\\r\\n\\r\\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'; sleep 1; printf 'Content-Length: 52\\r\\n\\r\\n{"jsonrpc":"2.0","method":"initialized","params":{}}'; sleep 1) | ${JSON.stringify(bin)} lsp --stdio`], { cwd: project.dir, env: userEnvironment(), encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
  t.equal(lsp.signal, null, 'the language server ended when its input did');
  t.match(lsp.stdout, /"capabilities"/, 'after answering initialize');
});
