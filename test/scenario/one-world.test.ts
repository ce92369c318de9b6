// A scenario's steps act on one world: where the built-in executor steps run its command, a
// THEN of the user's after them could not see that run (it read `this`, which nothing set,
// and passed); where the interpreter reads the scenario, a built-in expression matching a
// THEN was dropped and the step called undefined, with a snippet to define it (whose
// definition would be the first case). Both are refused at the step's line, naming the step
// whose world it cannot see, by the run, --dry-run, --list, check and `spec-run steps`.
import t from 'tap';
import { project, runIn } from './user-project.js';

const STEPS = `import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { When, Then } from 'spec-run/steps';
When('greet runs', function () {
  const r = spawnSync('sh', ['-c', 'echo "Error: boom"'], { encoding: 'utf8' });
  this.out = r.stdout;
});
Then('the output SHALL NOT contain {string}', function (s) {
  assert.ok(!String(this.out ?? '').includes(s), 'output contains ' + s);
});
`;

const scenario = (name: string, ...steps: string[]) => [`#### Scenario: ${name}`, ...steps, ''].join('\n');

const document = (...scenarios: string[]) => ['# Runtime', '', '### Requirement: Clean output', 'The tool SHALL never print an error.', '', ...scenarios].join('\n');

const DOC = document(
  scenario('interpreted command, own THEN', '- **WHEN** the command `echo Error: boom` runs with a timeout of 5 seconds', '- **THEN** the output SHALL NOT contain "Error"'),
  scenario('own command, own THEN', '- **WHEN** greet runs', '- **THEN** the output SHALL NOT contain "Error"'),
  scenario('interpreted command, built-in THEN', '- **WHEN** the command `exit 5` runs with a timeout of 10 seconds', '- **THEN** the command SHALL proceed normally'),
);

const lineOf = (text: string) => DOC.split('\n').indexOf(text) + 1;

t.test("a THEN of the user's after the interpreter ran the command, and a built-in THEN where the interpreter reads the scenario: each refused, naming the other world's step", async (t) => {
  const dir = project({ 'runtime.md': DOC, 'steps.mjs': STEPS });
  const run = await runIn(dir, ['runtime.md', '--executor-steps', '--reporter', 'json']);
  const at = (line: number) => run.points.find((p) => p.at?.line === line);
  const ownThen = at(lineOf('- **THEN** the output SHALL NOT contain "Error"'));
  t.equal(ownThen?.ok, false, "the user's THEN after the interpreted WHEN fails instead of passing on an empty world");
  t.match(ownThen?.diagnostics?.reason, new RegExp(`set up and run by the executor interpreter \\(WHEN at line ${lineOf('- **WHEN** the command \`echo Error: boom\` runs with a timeout of 5 seconds')}: "the command echo Error: boom runs with a timeout of 5 seconds"\\), and this step's definition is yours \\(steps\\.mjs:8\\): it cannot see that run`));
  const own = run.points.filter((p) => p.name === 'THEN the output SHALL NOT contain "Error"');
  t.equal(own.length, 2);
  t.match(own[1], { ok: false, diagnostics: { message: /output contains Error/ } }, "with the user's own WHEN, the same THEN checks the user's world, and fails on what it saw");
  const builtin = at(lineOf('- **THEN** the command SHALL proceed normally'));
  t.equal(builtin?.ok, false);
  t.equal(builtin?.todo, undefined, 'not a TODO: a step of a world the scenario does not run in');
  t.equal(builtin?.diagnostics?.snippet, undefined, 'no snippet invites a definition of the user\'s, which could not see the run either');
  t.match(builtin?.diagnostics?.reason, new RegExp(`a built-in definition matches it \\(Then\\('the command SHALL proceed normally'\\)\\), but the executor interpreter reads this scenario \\(its step at line ${lineOf('- **WHEN** the command \`exit 5\` runs with a timeout of 10 seconds')}, "the command exit 5 runs with a timeout of 10 seconds"`));
  t.equal(run.exitCode, 1);

  const check = await runIn(dir, ['check', 'runtime.md', '--executor-steps']);
  t.match(check.stdout, new RegExp(`runtime\\.md:${lineOf('- **THEN** the output SHALL NOT contain "Error"')}:1: error: step 'the output SHALL NOT contain "Error"': the scenario's command is set up and run by the executor interpreter`));
  t.match(check.stdout, new RegExp(`runtime\\.md:${lineOf('- **THEN** the command SHALL proceed normally')}:1: error: step 'the command SHALL proceed normally': a built-in definition matches it`));
  t.notMatch(check.stdout, /define it with/, 'check does not advise a definition of the user\'s');
  t.equal(check.exitCode, 1);

  const list = await runIn(dir, ['runtime.md', '--executor-steps', '--list']);
  t.match(list.stdout, /refused: the scenario's command is set up and run by the executor interpreter/);
  t.match(list.stdout, /refused: a built-in definition matches it/);

  const steps = await runIn(dir, ['steps', 'runtime.md', '--executor-steps']);
  t.match(steps.stdout, /Steps refused \(they would check a world their scenario does not run in\):\n {2}runtime\.md:8 {2}THEN the output SHALL NOT contain "Error"\n.*\n {2}runtime\.md:16 {2}THEN the command SHALL proceed normally/);
  t.match(steps.stderr, /0 undefined steps/);
  t.match(steps.stderr, /2 refused/);
  t.equal(steps.exitCode, 1);
});

t.test("a step of the user's acting after the interpreted command makes the THEN after it theirs: it is not refused", async (t) => {
  const doc = document(scenario('interpreted, then own', '- **WHEN** the command `echo hi` runs with a timeout of 5 seconds', '- **AND** greet runs', '- **THEN** the output SHALL NOT contain "Error"'));
  const dir = project({ 'runtime.md': doc, 'steps.mjs': STEPS });
  const run = await runIn(dir, ['runtime.md', '--executor-steps', '--reporter', 'json']);
  const then = run.points.find((p) => p.name.startsWith('THEN'));
  t.match(then, { ok: false, diagnostics: { message: /output contains Error/ } }, "it checks what the user's step saw");
  t.notMatch(JSON.stringify(then), /cannot see that run/);
});
