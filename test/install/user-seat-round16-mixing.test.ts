// False greens a team verifying its own CLI met with the built-in executor vocabulary
// (--executor-steps), from a user's seat: spec-run packed, installed into a fresh project outside
// the repository, run through its bin on an OpenSpec tree. Its own THEN judged a world the
// interpreted WHEN never touched; a built-in THEN was called undefined with advice to define it;
// its CLI, not found in the scenario's directory (exit 127), verified THENs about what it did not
// do; of two commands only the last ran; scaling turned `timeout 30 sleep 100` into an exit 0.
import t from 'tap';
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

const spec = (title: string, requirement: string, ...steps: string[]) =>
  `# ${title} Specification\n\n## Purpose\nx\n\n## Requirements\n\n### Requirement: ${requirement}\nIt SHALL hold.\n\n#### Scenario: ${requirement}\n${steps.map((s) => `- ${s}`).join('\n')}\n`;

const STEPS = `import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { When, Then } from 'spec-run/steps';
When('greet is run with {string}', function (arg) {
  const r = spawnSync('node', ['bin/greet.mjs', ...arg.split(' ')], { encoding: 'utf8' });
  this.out = r.stdout + r.stderr;
});
Then('the output SHALL NOT contain {string}', function (s) {
  assert.ok(!String(this.out ?? '').includes(s), 'output contains ' + s);
});
`;

const GREET = "#!/usr/bin/env node\nconsole.log(`Hello, ${process.argv[2]}!`);\n";

t.test("the team's own THEN after an interpreted WHEN, and a built-in THEN after one: refused at their lines, in the run and in check", async (t) => {
  const project = userProject({
    'steps/cli.steps.mjs': STEPS,
    'openspec/specs/runtime/spec.md': spec('Runtime', 'Clean output', '**WHEN** the command `echo Error: boom` runs with a timeout of 5 seconds', '**THEN** the output SHALL NOT contain "Error"'),
    'openspec/specs/exec/spec.md': spec('Exec', 'Normal completion', '**WHEN** the command `exit 5` runs with a timeout of 10 seconds', '**THEN** the command SHALL proceed normally'),
  });
  const run = await project.specRun(['--executor-steps', 'openspec/', '--reporter', 'tap']);
  t.equal(run.code, 1, 'no requirement is verified by a step that could not see the run');
  t.match(run.stdout, /not ok \d+ - THEN the output SHALL NOT contain "Error"\n[^]*?set up and run by the executor interpreter \(WHEN at line 12[^]*?this step's definition is yours \(steps\/cli\.steps\.mjs:8\): it cannot see that run/);
  t.match(run.stdout, /not ok \d+ - THEN the command SHALL proceed normally\n[^]*?a built-in definition matches it[^]*?the executor interpreter reads this scenario \(its step at line 12/);
  t.notMatch(run.stdout, /no step definition matches this step/);
  t.match(run.stderr, /0 verified, 2 failing/);
  const check = await project.specRun(['check', '--executor-steps', 'openspec/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /openspec\/specs\/runtime\/spec\.md:13:1: error: step 'the output SHALL NOT contain "Error"'/);
  t.match(check.stdout, /openspec\/specs\/exec\/spec\.md:13:1: error: step 'the command SHALL proceed normally': a built-in definition matches it/);
  t.notMatch(check.stdout, /define it with/);
});

t.test('the team\'s CLI by a relative path fails as not found in the scenario\'s directory; through $SPEC_RUN_PROJECT_DIR it runs', async (t) => {
  const steps = (command: string) => [`**WHEN** the command \`${command}\` runs with a timeout of 5 seconds`, '**THEN** it SHALL finish within 2 seconds', '**AND** the output SHALL NOT contain "at Module"', '**AND** it SHALL NOT time out'];
  const project = userProject({ 'bin/greet.mjs': GREET, 'openspec/specs/runtime/spec.md': spec('Runtime', 'Quick and quiet', ...steps('./bin/greet.mjs Ann')) });
  chmodSync(join(project.dir, 'bin/greet.mjs'), 0o755);
  const relative = await project.specRun(['--executor-steps', 'openspec/', '--reporter', 'tap']);
  t.equal(relative.code, 1);
  t.match(relative.stdout, /not ok 1 - WHEN the command \.\/bin\/greet\.mjs Ann[^]*?could not be started in \/\S+: exit 127[^]*?\$SPEC_RUN_PROJECT_DIR/);
  t.match(relative.stderr, /0 verified, 1 failing/);
  project.write({ 'openspec/specs/runtime/spec.md': spec('Runtime', 'Quick and quiet', ...steps('"$SPEC_RUN_PROJECT_DIR/bin/greet.mjs" Ann')) });
  const absolute = await project.specRun(['--executor-steps', 'openspec/', '--reporter', 'tap']);
  t.equal(absolute.code, 0, absolute.stdout.slice(-800));
  t.match(absolute.stdout, /host: "\$SPEC_RUN_PROJECT_DIR\/bin\/greet\.mjs" Ann → completed, exit 0/, 'the CLI itself ran');
});

t.test('two commands stated by two steps, and an inner limit beside a scaled sleep: refused, and the first command is not dropped silently', async (t) => {
  const project = userProject({
    'openspec/specs/exec/spec.md': spec('Exec', 'Build then check', '**WHEN** the command `touch marker-first; echo BUILD FAILED; exit 1` runs with a timeout of 5 seconds', '**AND** the command `echo check ok` runs with a timeout of 5 seconds', '**THEN** the exit code SHALL be 0', '**AND** the output SHALL NOT contain "FAILED"'),
    'openspec/specs/limits/spec.md': spec('Limits', 'Inner limit', '**WHEN** the command `timeout 30 sleep 100` runs with a timeout of 5 minutes', '**THEN** the exit code SHALL be 0'),
  });
  const run = await project.specRun(['--executor-steps', 'openspec/', '--reporter', 'tap']);
  t.equal(run.code, 1);
  // The report folds long messages: words may stand on two lines.
  t.match(run.stdout, /not ok \d+ - AND the command echo check ok runs with a timeout of 5 seconds\n[^]*?where\s+the\s+step\s+at\s+line\s+12\s+said/);
  t.match(run.stdout, /not ok \d+ - WHEN the command timeout 30 sleep 100 runs with a timeout of 5 minutes\n[^]*?beside\s+its\s+sleeps\s+the\s+command\s+`timeout\s+30\s+sleep\s+100`\s+holds\s+\\"30\\"/);
  t.notMatch(run.stdout, /host: timeout 30 sleep 3/, 'no rewritten command ran');
  t.match(run.stderr, /0 verified, 2 failing/);
  t.notOk(existsSync(join(project.dir, 'marker-first')), 'nothing ran in the project');
});
