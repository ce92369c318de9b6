// Round 21 from a user's seat (spec-run packed, installed into a fresh project outside the
// repository): a Then whose body only awaits or returns the world's `this.run(...)` was a pass
// however the command exited, since the run resolves with the exit code. Such a body checks
// nothing: its verdict is skipped and `check` warns; a Then that reads the result still checks.
import t from 'tap';
import { userProject } from '../support/installed.js';

const steps = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the team builds the project', function () {});
Then('the build SHALL succeed', async function () { await this.run('echo compiling; exit 2'); });
Then('the bundle SHALL exist', function () { return this.run('test -f dist/cart.js'); });
Then('the build SHALL exit {int}', async function (code) { const result = await this.run('echo compiling; exit 2'); assert.equal(result.exitCode, code); });
`;
const spec = (then: string) => `# Build

### Requirement: Build
The build SHALL succeed.

#### Scenario: Build
- **WHEN** the team builds the project
- **THEN** ${then}
`;

t.test('a Then that only awaits or returns this.run() is no pass; one that compares the exit code is a verdict, both ways', async (t) => {
  const project = userProject({
    'steps.mjs': steps,
    'specs/awaited.spec.md': spec('the build SHALL succeed'),
    'specs/returned.spec.md': spec('the bundle SHALL exist'),
    'specs/compared-false.spec.md': spec('the build SHALL exit 0'),
    'specs/compared-true.spec.md': spec('the build SHALL exit 2'),
  });
  const dropped = await project.specRun(['specs/awaited.spec.md', 'specs/returned.spec.md', '--reporter', 'tap']);
  t.notMatch(dropped.stdout, /^ {4,}ok \d+ - THEN the build SHALL succeed$/m, 'the awaited run is not a pass');
  t.match(dropped.stdout, /THEN the build SHALL succeed # SKIP[^\n]*only runs a command and drops its result/, 'it is skipped, saying why');
  t.match(dropped.stdout, /THEN the bundle SHALL exist # SKIP[^\n]*only runs a command and drops its result/, 'so is the returned run');
  t.not(dropped.code, 0, 'a run in which no Then checked anything fails');
  const check = await project.specRun(['check', 'specs/']);
  t.match(check.stdout, /^steps\.mjs:4:1: warning: this Then definition has a body that cannot fail[^\n]*only runs a command and drops its result/m, 'check warns at the awaiting definition');
  t.match(check.stdout, /^steps\.mjs:5:1: warning: this Then definition has a body that cannot fail/m, 'and at the returning one');
  t.notMatch(check.stdout, /^steps\.mjs:6:/m, 'not at the one that compares the exit code');
  const compared = await project.specRun(['specs/compared-false.spec.md', 'specs/compared-true.spec.md', '--reporter', 'tap']);
  t.match(compared.stdout, /^ {4,}not ok \d+ - THEN the build SHALL exit 0$/m, 'the compared exit code fails where the command failed');
  t.match(compared.stdout, /^ {4,}ok \d+ - THEN the build SHALL exit 2$/m, 'and passes where it holds');
  t.equal(compared.code, 1);
});
