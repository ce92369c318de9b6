// Where a team's own steps and selection were trusted while they checked nothing, from a
// user's seat: spec-run packed, installed into a fresh project outside the repository, run
// through its bin. THENs that could not fail (logging, awaiting a settled promise, asserting
// a constant, swallowing their own assertion, returning true, only calling done()) verified
// their requirement; `--only-failures` after a green run exited 0 on a run of nothing, even
// with a document edited since to state something false; a row of a table written without
// outer pipes after a blank line was dropped without a word.
import t from 'tap';
import { userProject } from '../support/installed.js';

const scenario = (name: string) => `#### Scenario: ${name}\n- **WHEN** I add an item of 2\n- **THEN** the ${name} total is 5\n`;
const NAMES = ['logged', 'awaited', 'constant', 'caught', 'true', 'callback', 'helper'];
const TOTALS = `# Total\n\n${NAMES.map((name) => `### Requirement: Total ${name}\nThe total SHALL be what was added.\n\n${scenario(name)}`).join('\n')}`;
const TOTAL_STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
const sameTotal = (world, n) => assert.equal(world.total, n);
When('I add an item of {int}', function (n) { this.total = n; });
Then('the logged total is {int}', function (n) { console.log('total', this.total, 'expected', n); });
Then('the awaited total is {int}', async function (n) { await Promise.resolve(); });
Then('the constant total is {int}', function (n) { assert.ok(true); });
Then('the caught total is {int}', function (n) { try { assert.equal(this.total, n); } catch { /* flaky, ignore */ } });
Then('the true total is {int}', function (n) { return true; });
Then('the callback total is {int}', function (n, done) { done(); });
Then('the helper total is {int}', function (n) { sameTotal(this, n); });
`;

t.test('a THEN whose body cannot fail verifies nothing: the run skips it and says what its body does, check warns; a THEN calling a helper runs and fails', async (t) => {
  const project = userProject({ 'specs/total.md': TOTALS, 'steps.mjs': TOTAL_STEPS });
  const run = await project.specRun(['specs/', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1, 'not green', { stderr: run.stderr });
  const skipped: [string, number, string][] = [['logged', 5, 'only logs'], ['awaited', 6, 'only awaits a settled value'], ['constant', 7, 'only asserts on constants'], ['caught', 8, 'only catches its own failures'], ['true', 9, 'only returns'], ['callback', 10, 'only calls back']];
  for (const [name, line, does] of skipped) {
    t.match(run.stdout, new RegExp(`ok \\d+ - THEN the ${name} total is 5 # SKIP the step checks nothing: its definition \\(steps\\.mjs:${line}\\) has a body that cannot fail \\(it ${does}\\)`), name);
  }
  t.match(run.stdout, /not ok \d+ - THEN the helper total is 5\n/, 'the helper compares: 2 is not 5');
  t.match(run.stderr, /requirements: 0 verified, 1 failing, 6 untested/);

  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 0, 'warnings, not errors');
  t.match(check.stdout, /specs\/total\.md:\d+:1: warning: step 'the caught total is 5' checks nothing: its definition \(steps\.mjs:8\) has a body that cannot fail \(it only catches its own failures\)/);
  t.match(check.stdout, /steps\.mjs:5:1: warning: this Then definition has a body that cannot fail \(it only logs\)/);
  t.equal(check.stdout.match(/warning: this Then definition/g)?.length, 6, 'each of the six definitions, not the helper one');
});

t.test('--only-failures after a green run runs nothing and is refused, even after the document was edited to state something false', async (t) => {
  const project = userProject({
    'specs/b.md': '# Doc b\n\n### Requirement: Req b\nThe system SHALL x.\n\n#### Scenario: s b\n- **WHEN** I set 1\n- **THEN** the value is 1\n',
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I set {int}', function (n) { this.v = n; });
Then('the value is {int}', function (n) { assert.equal(this.v, n); });
`,
  });
  t.equal((await project.specRun(['specs/'])).code, 0, 'a green run');
  project.write({ 'specs/b.md': '# Doc b\n\n### Requirement: Req b\nThe system SHALL x.\n\n#### Scenario: s b\n- **WHEN** I set 1\n- **THEN** the value is 2\n' });
  const rerun = await project.specRun(['--only-failures', 'specs/']);
  t.equal(rerun.code, 2, 'a run of nothing never passes');
  t.match(rerun.stderr, /spec-run: --only-failures: the last run recorded no failures; nothing to run, and a run that checks nothing never passes \(a document edited since that run is not rerun by --only-failures: run without it to check the edit\)/);
  t.notMatch(rerun.stdout, /^1\.\.0$/m, 'no empty TAP plan');
  t.equal((await project.specRun(['specs/'])).code, 1, 'the run without it checks the edit');
  const help = await project.specRun(['run', '--help']);
  t.match(help.stdout.replace(/\s+/g, ' '), /--only-failures .*with none recorded, nothing runs and the run is refused \(exit 2\)/);
});

t.test('a row of an Examples table written without outer pipes after a blank line runs, and fails when false; --list and check see it', async (t) => {
  const project = userProject({
    'specs/double.md': '# Double\n\n### Requirement: Doubling\nThe system SHALL double.\n\n#### Scenario Outline: doubling\n- **WHEN** I double <n>\n- **THEN** the result is <r>\n\nExamples:\n\nn | r\n--|--\n1 | 2\n\n5 | 11\n',
    'steps.mjs': `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('I double {int}', function (n) { this.r = 2 * n; });
Then('the result is {int}', function (r) { assert.equal(this.r, r); });
`,
  });
  const run = await project.specRun(['specs/', '--require-verified', '--reporter', 'tap']);
  t.equal(run.code, 1, 'the false row fails the run');
  t.match(run.stdout, /not ok \d+ - THEN the result is 11\n/);
  t.match(run.stderr, /requirements: 0 verified, 1 failing/);
  const list = await project.specRun(['specs/', '--list']);
  t.match(list.stdout, /doubling \(n: 5, r: 11\)\s+\(specs\/double\.md:16\)/);
  project.write({ 'specs/double.md': '# Double\n\n### Requirement: Doubling\nThe system SHALL double.\n\n#### Scenario Outline: doubling\n- **WHEN** I double <n>\n- **THEN** the result is <r>\n\nExamples:\n\nn | r\n--|--\n1 | 2\n\n5 | 10 | 3\n' });
  const check = await project.specRun(['check', 'specs/']);
  t.equal(check.code, 1);
  t.match(check.stdout, /specs\/double\.md:16:1: error: the row at line 16 of the Examples table has 3 cells, and its header \(line 12\) 2 cells/);
});
