// False greens users met in round 13's release candidate, from a user's seat: spec-run packed,
// installed into a fresh project outside the repository, run through its bin. A **THEN**
// indented under a step (its data table, when the definition takes one), wrapped onto the
// line below a step's bullet (its text), or a row nested below a data table's row never ran,
// and the run passed.
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `# Calc

## Requirements

### Requirement: Increment
The calculator SHALL add one.

#### Scenario: indented
- **WHEN** the input is 5
  - **THEN** the output SHALL be 99
- **THEN** the output SHALL be 6

#### Scenario: wrapped
- **WHEN** the input is 5
**THEN** the output SHALL be 99

#### Scenario: deeper row
- **GIVEN** the forbidden items:
  - apple
    - bad
- **THEN** the output SHALL be 6
`;
const STEPS = `import assert from 'node:assert/strict';
import { Given, When, Then } from 'spec-run/steps';
When('the input is {int}', function (n, ...rest) { this.n = n; });
When('the input is {int} THEN the output SHALL be {int}', function (n, m) { this.n = n; });
Given('the forbidden items:', function (table) { this.n = 5; });
Then('the output SHALL be {int}', function (x) { assert.equal(this.n + 1, x); });
`;

t.test('a step inside a step is an error at its line in the run, check and --list', async (t) => {
  const project = userProject({ 'openspec/specs/calc/spec.md': SPEC, 'steps.mjs': STEPS });
  const run = await project.specRun(['openspec/']);
  t.equal(run.code, 1, 'the run fails', { stdout: run.stdout });
  t.match(run.stdout, /not ok \d+ - '\*\*THEN\*\* the output SHALL be 99' is nested under the step '\*\*WHEN\*\* the input is 5'[\s\S]*at: openspec\/specs\/calc\/spec\.md:10/);
  t.match(run.stdout, /not ok \d+ - '\*\*THEN\*\* the output SHALL be 99' continues the text of the step '\*\*WHEN\*\* the input is 5'[\s\S]*at: openspec\/specs\/calc\/spec\.md:15/);
  t.match(run.stdout, /not ok \d+ - 'bad' is nested below a row of the data table[\s\S]*at: openspec\/specs\/calc\/spec\.md:20/);

  const check = await project.specRun(['check', 'openspec/']);
  t.equal(check.code, 1, 'check fails');
  for (const line of [10, 15, 20]) t.match(check.stdout, new RegExp(`openspec/specs/calc/spec\\.md:${line}:1: error: `));

  const list = await project.specRun(['openspec/', '--list']);
  t.match(list.stdout, /problems \(3\):/);

  project.write({ 'openspec/specs/calc/spec.md': SPEC.replace('  - **THEN** the output SHALL be 99', '- **THEN** the output SHALL be 99').replace('**THEN** the output SHALL be 99\n\n#### Scenario: deeper', '- **THEN** the output SHALL be 99\n\n#### Scenario: deeper').replace('    - bad', '  - bad') });
  const moved = await project.specRun(['openspec/']);
  t.equal(moved.code, 1, 'written as steps, the false THENs run and fail');
  t.match(moved.stdout, /not ok 2 - THEN the output SHALL be 99/);
  t.notMatch(moved.stdout, /nested|continues the text/);
});
