// A defect a user met in round 12's release candidate, from a user's seat: with --bail, the
// units of a started document after the first failing check appeared nowhere (not in TAP,
// not in the JUnit suite, which read as a whole passing document), where an interruption
// reports them skipped. A report must not look whole when it is not.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { userProject } from '../support/installed.js';

const SPEC = `### Requirement: Counting
The counter SHALL count.

#### Scenario: First
- **WHEN** the counter starts at 1
- **THEN** the counter SHALL be 2

#### Scenario: Second
- **WHEN** the counter starts at 1
- **THEN** the counter SHALL be 1

#### Scenario: Third
- **WHEN** the counter starts at 2
- **THEN** the counter SHALL be 2
`;
const STEPS = `import assert from 'node:assert/strict';
import { When, Then } from 'spec-run/steps';
When('the counter starts at {int}', function (n) { this.n = n; });
Then('the counter SHALL be {int}', function (n) { assert.equal(this.n, n); });
`;

t.test('--bail reports the units it kept from running as skipped, in TAP and JUnit', async (t) => {
  const project = userProject({ 'specs/count.spec.md': SPEC, 'steps.mjs': STEPS });
  const run = await project.specRun(['specs/', '--bail', '--reporter', 'tap', '--reporter', 'junit-units:junit.xml']);
  t.equal(run.code, 1, 'the run fails');
  t.match(run.stdout, /not ok 2 - THEN the counter SHALL be 2/, 'the first scenario fails');
  for (const name of ['Second', 'Third']) {
    t.match(run.stdout, new RegExp(`ok \\d+ - ${name} # SKIP --bail: the run stopped at its first failing check before this ran`), `${name} is reported, skipped`);
  }
  t.match(run.stdout, /Bail out! --bail: stopped at the first failing check/);
  const junit = readFileSync(`${project.dir}/junit.xml`, 'utf8');
  t.match(junit, /<testsuite name="[^"]*" file="specs\/count\.spec\.md" tests="3" failures="1" skipped="2"/, 'the JUnit suite holds every scenario');
  t.match(run.stderr, /1 passed, 1 failed, 2 skipped/);
});
