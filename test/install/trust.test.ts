// Nothing green that was not checked, from a user's seat: spec-run packed, installed into
// a fresh project outside the repository, run through node_modules/.bin/spec-run on
// OpenSpec documents written as a team writes them, with and without their own steps.
import t from 'tap';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { userProject } from '../support/installed.js';

/** A team's specification whose sentences the built-in executor vocabulary also knows. */
const TELEMETRY = `# telemetry Specification

## Requirements

### Requirement: Usage events
The CLI SHALL record one usage event per command.

#### Scenario: A command runs
- **WHEN** a command executes
- **THEN** the configuration SHALL be accepted
- **AND** the command SHALL proceed normally
`;

const TEAM_STEPS = `import { When, Then } from 'spec-run/steps';
When('a command executes', function () { this.ran = true; });
Then('the configuration SHALL be accepted', function () { if (!this.ran) throw new Error('nothing ran'); });
Then('the command SHALL proceed normally', function () {});
`;

const summary = (stderr: string) => stderr.trim().split('\n').at(-1);

t.test('with no steps file, no built-in step binds a team\'s sentence: the run fails, strict by default', async (t) => {
  const project = userProject({ 'specs/telemetry/spec.md': TELEMETRY });
  const run = await project.specRun(['specs/', '--reporter', 'tap', '--require-verified', '--strict']);
  t.equal(run.code, 1, 'exit 1');
  t.equal(summary(run.stderr), '0 passed, 3 failed, 0 skipped, 0 todo', 'every step undefined and failing');
  t.match(run.stdout, /not ok 1 - WHEN a command executes\n/, 'the built-in "a command executes" did not bind it');
  t.notMatch(run.stdout, /node_modules\/spec-run/, 'no definition from inside the package is named');
  const lenient = await project.specRun(['specs/', '--no-strict', '--reporter', 'spec', '--reporter', 'html:report.html']);
  t.equal(lenient.code, 1, 'with --no-strict too: a run that checked nothing fails');
  t.notMatch(lenient.stdout, /✔/, 'the terminal shows no tick');
  t.match(readFileSync(join(project.dir, 'report.html'), 'utf8'), /class="verdict incomplete">nothing was checked/, 'the HTML headline is not green');
  const steps = await project.specRun(['steps', 'specs/']);
  t.notMatch(steps.stdout, /\[built-in\]/, '`spec-run steps` lists no built-in definition');
  const list = await project.specRun(['--list', 'specs/']);
  t.match(list.stdout, /built-in executor steps: not active/, '--list says the built-in steps do not apply');
});

t.test('the team\'s own definitions of those sentences pass, with no ambiguity against the built-in ones', async (t) => {
  const project = userProject({ 'specs/telemetry/spec.md': TELEMETRY, 'steps.mjs': TEAM_STEPS });
  const run = await project.specRun(['specs/', '--steps', 'steps.mjs', '--reporter', 'tap', '--require-verified']);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.equal(summary(run.stderr), '3 passed, 0 failed, 0 skipped, 0 todo');
  t.match(run.stderr, /requirements: 1 verified/);
  const enabled = await project.specRun(['specs/', '--steps', 'steps.mjs', '--executor-steps', '--reporter', 'tap']);
  t.equal(enabled.code, 0, 'with the built-in steps enabled the user\'s definitions still win');
  t.notMatch(enabled.stdout, /ambiguous/);
});

t.test('one expression in two steps files: ambiguous at the step, naming both, running neither', async (t) => {
  const project = userProject({
    'specs/telemetry/spec.md': TELEMETRY,
    'steps/one.mjs': TEAM_STEPS,
    'steps/two.mjs': `import { Then } from 'spec-run/steps';\nimport { writeFileSync } from 'node:fs';\nThen('the configuration SHALL be accepted', function () { writeFileSync('second-ran', ''); });\n`,
  });
  const run = await project.specRun(['specs/', '--steps', 'steps/*.mjs', '--reporter', 'tap']);
  t.equal(run.code, 1);
  t.match(run.stdout, /not ok \d+ - the same expression "the configuration SHALL be accepted" is defined twice: at steps\/one\.mjs:3 and at steps\/two\.mjs:3/, 'reported at load with both places');
  t.match(run.stdout, /not ok 2 - THEN the configuration SHALL be accepted\n\s+---\n\s+at: specs\/telemetry\/spec\.md:10\n\s+reason: "ambiguous step: several definitions match it"\n\s+definitions:\n\s+- steps\/one\.mjs:3 the configuration SHALL be accepted\n\s+- steps\/two\.mjs:3 the configuration SHALL be accepted/);
  t.notOk(existsSync(join(project.dir, 'second-ran')), 'neither definition ran');
});

t.test('nothing found is a usage error', async (t) => {
  const project = userProject({ 'notes/readme.md': '# Notes\n\nProse only.\n' });
  const missing = await project.specRun(['specs/']);
  t.equal(missing.code, 2, 'a path that does not exist');
  t.match(missing.stderr, /specs\/: no such file or directory/);
  const plain = await project.specRun(['notes/']);
  t.equal(plain.code, 2, 'markdown with no check');
  t.match(plain.stderr, /no check found in notes\//);
});

t.test('an unprivileged user in a read-only checkout: the run passes, one warning about the record, the summary last', async (t) => {
  const project = userProject({ 'specs/telemetry/spec.md': TELEMETRY, 'steps.mjs': TEAM_STEPS });
  chmodSync(project.dir, 0o755); // readable by all, writable by its owner (root) only
  const run = await project.specRun(['specs/', '--steps', 'steps.mjs', '--reporter', 'tap'], { asUser: 'nobody' });
  t.equal(run.code, 0, run.stderr);
  t.match(run.stderr, /spec-run: warning: cannot write .*last-run\.json: permission denied \(EACCES\)/);
  t.equal(summary(run.stderr), '3 passed, 0 failed, 0 skipped, 0 todo', 'the summary line stays last');
  t.notOk(existsSync(join(project.dir, '.spec-run')), 'nothing was written');
});
